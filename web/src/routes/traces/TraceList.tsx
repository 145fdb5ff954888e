import { NotebookPen, SearchX } from 'lucide-react';
import { useEffect } from 'react';
import type { Trace } from '../../../../contract/traces.js';
import { fetchAllMatching, useTraces } from '../../api/traces.js';
import { Button } from '../../components/ui/Button.js';
import { cn } from '../../lib/cn.js';
import { formatDate } from '../../lib/relative-time.js';
import { hasFilters, type TraceListState, type TraceView } from '../../lib/trace-list-params.js';
import { BulkBar } from './BulkBar.js';
import { ListFooter } from './ListFooter.js';
import { FailedToLoad, ListMessage } from './ListMessage.js';
import { TraceItems } from './TraceItems.js';
import type { Selection } from './use-selection.js';

/** What both bodies of the traces page (the plain list, the search results) are given. */
export type ListBodyProps = {
  state: TraceListState;
  view: TraceView;
  selection: Selection;
  onPage(page: number): void;
  onClearFilters(): void;
  onEdit(trace: Trace): void;
};

type Props = ListBodyProps & { onCreate(): void };

/** The plain list (an empty search box): in the chosen sort, 12 a page, with its count and footer. */
export function TraceList({ state, view, selection, onPage, onClearFilters, onCreate, onEdit }: Props) {
  const { category, importance, tags, sort, page, project, createdBy } = state;
  const filters = { category, importance, tags, sort, project, createdBy };
  const list = useTraces({ ...filters, page });
  const data = list.data;

  // A page left empty (its last trace deleted, or an old link) shows the last page instead.
  useEffect(() => {
    if (data && data.traces.length === 0 && data.totalCount > 0 && page > data.totalPages)
      onPage(data.totalPages);
  }, [data, page, onPage]);

  if (!data && !list.isError) return <ListSkeleton view={view} />;
  if (!data) return <FailedToLoad title="Failed to load traces" onRetry={() => void list.refetch()} />;

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
        hasFilters(state) ? (
          <ListMessage
            icon={<SearchX aria-hidden="true" />}
            title="No traces match"
            text="No trace has all of these filters. Try another project, category, importance, tag or creator."
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
          <BulkBar
            page={data.traces}
            total={data.totalCount}
            selection={selection}
            loadAllMatching={() => fetchAllMatching(filters)}
          />
          <TraceItems traces={data.traces} view={view} selection={selection} onEdit={onEdit} />
        </div>
      )}
      <ListFooter
        page={data.currentPage}
        offset={(data.currentPage - 1) * data.pageSize}
        shown={data.traces.length}
        total={data.totalCount}
        totalPages={data.totalPages}
        onPage={onPage}
      />
    </div>
  );
}

export function ListSkeleton({ view, label = 'Loading traces' }: { view: TraceView; label?: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-4">
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
