import { SearchX } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { SEARCH_LIMITS } from '../../../../contract/search.js';
import { TRACE_LIMITS } from '../../../../contract/traces.js';
import { isSearchUnavailable, useRankedSearch } from '../../api/search.js';
import { fetchAllMatching, useTraces } from '../../api/traces.js';
import { Button } from '../../components/ui/Button.js';
import { cn } from '../../lib/cn.js';
import { markSubstring, markWords, queryStems } from '../../lib/highlight.js';
import { searchPages } from '../../lib/search-pages.js';
import { hasFilters } from '../../lib/trace-list-params.js';
import { BulkBar } from './BulkBar.js';
import { ListFooter } from './ListFooter.js';
import { FailedToLoad, ListMessage } from './ListMessage.js';
import { RankedResults } from './RankedResults.js';
import { TraceItems } from './TraceItems.js';
import { type ListBodyProps, ListSkeleton } from './TraceList.js';
import type { Selectable } from './use-selection.js';

const PAGE_SIZE = TRACE_LIMITS.pageSizeDefault;

type Props = ListBodyProps;

/**
 * Words in the box: one list, ranked (ADR 0026). First the best matches by meaning and words
 * (POST /api/search with the list's filters, as many as it returns above its relevance floor, up
 * to 50), then every other trace that contains the text (the list's literal search, in the
 * chosen sort, those already shown left out), 12 a page throughout.
 */
export function SearchResults({ state, view, selection, onPage, onClearFilters, onEdit }: Props) {
  const query = state.search.trim();
  const { category, importance, tags, sort, page, project, createdBy } = state;
  // "Show weaker matches" (issue 29): asked for one query at a time, forgotten when the words change.
  const [weakFor, setWeakFor] = useState<string | null>(null);
  const weak = weakFor === query;
  const ranked = useRankedSearch(
    {
      query,
      limit: SEARCH_LIMITS.limitMax,
      ...(category ? { category } : {}),
      ...(importance ? { importance } : {}),
      ...(tags.length ? { tags } : {}),
      ...(project !== null ? { project, project_only: true } : {}),
      ...(weak ? { weak_matches: true } : {}),
    },
    // Ranked search does not know who wrote a trace (its results carry no writer): with "Created
    // by" the words find the traces containing them, from the list, which does.
    createdBy === null,
  );
  const results = useMemo(
    () => (createdBy === null ? (ranked.data?.results ?? []) : []),
    [ranked.data, createdBy],
  );
  const rankedIds = useMemo(() => results.map((r) => r.id), [results]);
  // Ranked search unreachable or refused: the words still find what contains them.
  const rankedFailed = createdBy === null && ranked.isError;
  const rankedReady = createdBy !== null || ranked.isSuccess || rankedFailed;
  const layout = searchPages(page, results.length, PAGE_SIZE);
  const literal = { search: query, category, importance, tags, sort, project, createdBy, exclude: rankedIds };
  const tail = useTraces({ ...literal, page: layout.tailPage ?? 1 }, { enabled: rankedReady });
  const tailTotal = tail.data?.totalCount ?? 0;
  const total = results.length + tailTotal;
  const totalPages = layout.rankedPages + (tail.data?.totalPages ?? 0);
  const stems = useMemo(() => queryStems(query), [query]);

  useEffect(() => {
    if (tail.data && totalPages > 0 && page > totalPages) onPage(totalPages);
  }, [tail.data, page, totalPages, onPage]);

  if (!rankedReady || (!tail.data && !tail.isError)) return <ListSkeleton view={view} label="Searching" />;
  if (!tail.data && rankedFailed)
    return (
      <FailedToLoad
        title="Search failed"
        onRetry={() => void Promise.all([ranked.refetch(), tail.refetch()])}
      />
    );

  const shownRanked =
    layout.tailPage === null ? results.slice(layout.rankedFrom, layout.rankedFrom + PAGE_SIZE) : [];
  const shownTail = layout.tailPage !== null ? (tail.data?.traces ?? []) : [];
  const pageItems: Selectable[] = [...shownRanked, ...shownTail];
  const loadAllMatching = async (): Promise<Selectable[]> => [
    ...results,
    ...(await fetchAllMatching(literal)),
  ];

  return (
    <div className="space-y-4">
      <div className="space-y-1 text-sm text-fg-muted" aria-live="polite">
        <p>
          <strong className="font-semibold text-fg tabular-nums">{total}</strong>{' '}
          {total === 1 ? 'result' : 'results'} for “{query}”
          {total > 0 && (results.length ? ', best match first' : ', newest first')}
        </p>
        {createdBy !== null && (
          <p className="text-xs text-fg-subtle">
            Filtered by who created them, so these are the traces containing the words, not ranked by meaning.
          </p>
        )}
        {createdBy === null && ranked.data?.mode === 'fulltext' && (
          <p className="text-xs text-fg-subtle">
            Matching by meaning is unavailable right now, so the best matches come from words alone.
          </p>
        )}
        {createdBy === null && ranked.isSuccess && results.length === 0 && (
          <p className="text-xs text-fg-subtle">
            {weak ? (
              'No weaker matches either.'
            ) : (
              <>
                Nothing relevant by meaning.{' '}
                <button
                  type="button"
                  className="font-medium text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-[var(--color-ring)]"
                  onClick={() => setWeakFor(query)}
                >
                  Show weaker matches
                </button>
              </>
            )}
          </p>
        )}
        {results.some((r) => r.weak) && (
          <p className="text-xs text-fg-subtle">
            Weak matches: none reached the relevance an assistant is given by default.
          </p>
        )}
        {rankedFailed && (
          <p className="text-xs text-fg-subtle">
            {isSearchUnavailable(ranked.error)
              ? 'This server has no ranked search: these are the traces containing the words.'
              : 'Ranking by meaning failed just now: these are the traces containing the words.'}
          </p>
        )}
      </div>
      {total === 0 ? (
        <ListMessage
          icon={<SearchX aria-hidden="true" />}
          title="Nothing found"
          text={
            hasFilters(state)
              ? 'No trace with these filters matches these words or their meaning.'
              : 'No trace matches these words or their meaning. Try other words.'
          }
          action={
            hasFilters(state) ? (
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            ) : undefined
          }
        />
      ) : (
        <div className={cn('space-y-3 transition-opacity', tail.isPlaceholderData && 'opacity-60')}>
          <BulkBar page={pageItems} total={total} selection={selection} loadAllMatching={loadAllMatching} />
          {shownRanked.length > 0 && (
            <RankedResults
              results={shownRanked}
              firstRank={layout.rankedFrom + 1}
              mark={(text) => markWords(text, stems)}
              selection={selection}
            />
          )}
          {shownTail.length > 0 && (
            <section aria-labelledby="also-containing" className="space-y-3">
              <h2 id="also-containing" className="text-sm font-semibold text-fg">
                {results.length ? `Also containing “${query}”` : `Containing “${query}”`}
              </h2>
              <TraceItems
                traces={shownTail}
                view={view}
                selection={selection}
                onEdit={onEdit}
                mark={(text) => markSubstring(text, query)}
              />
            </section>
          )}
        </div>
      )}
      <ListFooter
        page={page}
        offset={
          layout.tailPage === null ? layout.rankedFrom : results.length + (layout.tailPage - 1) * PAGE_SIZE
        }
        shown={pageItems.length}
        total={total}
        totalPages={totalPages}
        onPage={onPage}
      />
    </div>
  );
}
