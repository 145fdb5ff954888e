import { AlertCircle, NotebookPen, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { Category, Trace, TraceSort } from '../../../../contract/traces.js';
import { useTraces } from '../../api/traces.js';
import { Button } from '../../components/ui/Button.js';
import { Pagination } from '../../components/ui/Pagination.js';
import { shownRange } from '../../lib/pagination.js';
import { formatDate } from '../../lib/relative-time.js';
import type { TraceView } from '../../lib/trace-list-params.js';
import { cn } from '../../lib/cn.js';
import { BulkBar } from './BulkBar.js';
import { ListMessage } from './ListMessage.js';
import { TraceCards } from './TraceCards.js';
import { TraceTable } from './TraceTable.js';
import { useDeleteTrace } from './use-delete-trace.js';

type Props = {
  search: string;
  category: Category | null;
  tag: string | null;
  sort: TraceSort;
  page: number;
  view: TraceView;
  onPage(page: number): void;
  onClearFilters(): void;
  onCreate(): void;
  onEdit(trace: Trace): void;
};

/** The list: in the chosen sort, 12 a page, with its count, "Last updated" and pagination footer. */
export function TraceList({
  search,
  category,
  tag,
  sort,
  page,
  view,
  onPage,
  onClearFilters,
  onCreate,
  onEdit,
}: Props) {
  const list = useTraces({ search, category, tag, sort, page });
  const remove = useDeleteTrace();
  const data = list.data;
  // Ticked traces. Only those on the page shown count (the bar filters by the page's ids), so
  // a page change or a refetch never acts on traces the person cannot see.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  // A page left empty (its last trace deleted, or an old link) shows the last page instead.
  useEffect(() => {
    if (data && data.traces.length === 0 && data.totalCount > 0 && page > data.totalPages)
      onPage(data.totalPages);
  }, [data, page, onPage]);

  if (!data && !list.isError) return <ListSkeleton view={view} />;
  if (!data)
    return (
      <ListMessage
        icon={<AlertCircle aria-hidden="true" />}
        tone="danger"
        title="Failed to load traces"
        action={
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      />
    );

  const filtered = search.trim() !== '' || category !== null || tag !== null;
  const range = shownRange(data.currentPage, data.pageSize, data.totalCount);
  const first = data.traces[0];

  return (
    <div className="space-y-4">
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-fg-muted" aria-live="polite">
        <span>
          <strong className="font-semibold text-fg tabular-nums">{data.totalCount}</strong>{' '}
          {data.totalCount === 1 ? 'trace' : 'traces'}
        </span>
        <span>Last updated: {first ? formatDate(first.updated_at) : 'N/A'}</span>
      </p>
      {data.totalCount === 0 ? (
        filtered ? (
          <ListMessage
            icon={<SearchX aria-hidden="true" />}
            title="No traces match"
            text="Try other words or another category."
            action={
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <ListMessage
            icon={<NotebookPen aria-hidden="true" />}
            title="No traces yet"
            text="Traces are the notes your AI assistants can recall: preferences, facts, what you are working on."
            action={<Button onClick={onCreate}>Create your first trace</Button>}
          />
        )
      ) : (
        <div className={cn('space-y-3 transition-opacity', list.isPlaceholderData && 'opacity-60')}>
          <BulkBar pageIds={data.traces.map((t) => t.id)} selected={selected} onSelect={setSelected} />
          {view === 'table' ? (
            <TraceTable
              traces={data.traces}
              onEdit={onEdit}
              onDelete={(t) => remove.mutate(t)}
              deletingId={remove.isPending ? remove.variables?.id : undefined}
              selected={selected}
              onToggle={toggle}
            />
          ) : (
            <TraceCards
              traces={data.traces}
              onEdit={onEdit}
              onDelete={(t) => remove.mutate(t)}
              deletingId={remove.isPending ? remove.variables?.id : undefined}
              selected={selected}
              onToggle={toggle}
            />
          )}
        </div>
      )}
      {range && (
        <div className="flex flex-col items-center justify-between gap-3 border-t border-line pt-4 sm:flex-row">
          <p className="text-sm text-fg-muted">
            Showing {range.from} to {range.to} of {data.totalCount} results
          </p>
          <Pagination page={data.currentPage} totalPages={data.totalPages} onPageChange={onPage} />
        </div>
      )}
    </div>
  );
}

function ListSkeleton({ view }: { view: TraceView }) {
  return (
    <div role="status" aria-label="Loading traces" className="space-y-4">
      <div className="h-5 w-48 animate-pulse rounded bg-surface-muted" />
      <div className={cn('grid gap-4', view === 'cards' && 'sm:grid-cols-2 xl:grid-cols-3')}>
        {Array.from({ length: view === 'cards' ? 6 : 5 }, (_, i) => (
          <div
            key={i}
            className={cn(
              'animate-pulse rounded-xl border border-line bg-surface',
              view === 'cards' ? 'h-40' : 'h-14',
            )}
          />
        ))}
      </div>
    </div>
  );
}
