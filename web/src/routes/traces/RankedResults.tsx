import { Link } from 'react-router';
import type { SearchArm, SearchResult } from '../../../../contract/search.js';
import { CategoryBadge } from '../../components/ui/CategoryBadge.js';
import { Highlighted } from '../../components/ui/Highlighted.js';
import { ImportanceDot } from '../../components/ui/Importance.js';
import { RelativeTime } from '../../components/ui/RelativeTime.js';
import { TagChips } from '../../components/ui/TagChips.js';
import type { Part } from '../../lib/highlight.js';
import { relevancePercent } from '../../lib/relevance-bar.js';
import type { Selection } from './use-selection.js';

const ARM_LABELS: Record<SearchArm, string> = { fulltext: 'words', vector: 'meaning' };

/**
 * The search box's best matches (ADR 0026): POST /api/search's results in its order, as an
 * assistant would see them, with the relevance and the arms that matched shown quietly and the
 * query's words marked. Each can be ticked for bulk work like a list row.
 */
export function RankedResults({
  results,
  firstRank,
  mark,
  selection,
}: {
  results: readonly SearchResult[];
  /** The rank of the first result shown (results 13–24 on the second page start at 13). */
  firstRank: number;
  mark(text: string): Part[];
  selection: Selection;
}) {
  return (
    <ol className="space-y-3" aria-label="Ranked results">
      {results.map((r, i) => (
        <RankedResult key={r.id} result={r} rank={firstRank + i} mark={mark} selection={selection} />
      ))}
    </ol>
  );
}

function RankedResult({
  result: r,
  rank,
  mark,
  selection,
}: {
  result: SearchResult;
  rank: number;
  mark(text: string): Part[];
  selection: Selection;
}) {
  const percent = relevancePercent(r.relevance);
  const arms = r.matched.map((a) => ARM_LABELS[a]).join(' and ');
  return (
    <li className="relative flex min-w-0 gap-3 rounded-xl border border-line bg-surface p-4 shadow-sm transition-colors hover:border-line-strong sm:gap-4">
      <div className="flex shrink-0 flex-col items-center gap-2">
        <span
          className="w-6 text-center text-sm font-semibold text-fg-subtle tabular-nums"
          aria-hidden="true"
        >
          {rank}
        </span>
        {/* Above the result's link, like the card's checkbox. */}
        <input
          type="checkbox"
          className="relative z-10 size-4 accent-[var(--color-accent)]"
          checked={selection.has(r.id)}
          onChange={() => selection.toggle(r)}
          aria-label={`Select ${r.title || 'Untitled Trace'}`}
        />
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 className="min-w-0 truncate font-semibold text-fg">
            <Link
              to={`/app/traces/${r.id}`}
              className="outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-[var(--color-ring)]"
            >
              {r.title ? <Highlighted parts={mark(r.title)} /> : 'Untitled Trace'}
            </Link>
          </h3>
          <CategoryBadge category={r.category} />
          <ImportanceDot importance={r.importance} />
        </div>
        <p className="line-clamp-3 text-sm leading-relaxed break-words text-fg-muted">
          <Highlighted parts={mark(r.snippet || r.content)} />
        </p>
        <TagChips tags={r.tags} max={5} linked />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-fg-subtle">
          <span className="inline-flex items-center gap-2" title={`Relevance ${r.relevance.toFixed(4)}`}>
            <span className="h-1.5 w-16 overflow-hidden rounded-full bg-surface-muted" aria-hidden="true">
              <span className="block h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
            </span>
            <span>
              {r.weak ? 'Weak match' : 'Relevance'} {percent}%{arms && ` · matched by ${arms}`}
            </span>
          </span>
          <RelativeTime iso={r.created_at} />
        </div>
      </div>
    </li>
  );
}
