import { ChevronLeft, ChevronRight } from 'lucide-react';
import { pageSlots } from '../../lib/pagination.js';
import { cn } from '../../lib/cn.js';

type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange(page: number): void;
  className?: string;
};

const BUTTON =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium transition-colors ' +
  'disabled:pointer-events-none disabled:opacity-45';

/** Page buttons, compacted above 7 pages (lib/pagination.ts), with previous and next disabled at the ends. */
export function Pagination({ page, totalPages, onPageChange, className }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className={cn('flex items-center gap-1', className)}>
      <button
        type="button"
        className={cn(BUTTON, 'text-fg-muted hover:bg-surface-muted hover:text-fg')}
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
      </button>
      {pageSlots(page, totalPages).map((slot, i) =>
        slot === 'ellipsis' ? (
          <span key={`gap-${i}`} className="px-1 text-sm text-fg-subtle" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={slot}
            type="button"
            className={cn(
              BUTTON,
              slot === page
                ? 'bg-accent text-accent-fg shadow-sm'
                : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
            )}
            onClick={() => onPageChange(slot)}
            aria-label={`Page ${slot}`}
            aria-current={slot === page ? 'page' : undefined}
          >
            {slot}
          </button>
        ),
      )}
      <button
        type="button"
        className={cn(BUTTON, 'text-fg-muted hover:bg-surface-muted hover:text-fg')}
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages}
        aria-label="Next page"
      >
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}
