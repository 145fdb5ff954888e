import { Pagination } from '../../components/ui/Pagination.js';

/** "Showing X to Y of Z results" and the page buttons (product spec: the list's footer). */
export function ListFooter({
  page,
  offset,
  shown,
  total,
  totalPages,
  onPage,
}: {
  page: number;
  /** Results before this page's first. */
  offset: number;
  /** How many this page shows. */
  shown: number;
  total: number;
  totalPages: number;
  onPage(page: number): void;
}) {
  if (shown === 0) return null;
  const range = { from: offset + 1, to: offset + shown };
  return (
    <div className="flex flex-col items-center justify-between gap-3 border-t border-line pt-4 sm:flex-row">
      <p className="text-sm text-fg-muted">
        Showing {range.from} to {range.to} of {total} results
      </p>
      <Pagination page={page} totalPages={totalPages} onPageChange={onPage} />
    </div>
  );
}
