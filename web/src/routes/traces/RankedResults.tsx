import { AlertCircle, PlugZap, Sparkles, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import type { SearchArm, SearchResult } from '../../../../contract/search.js';
import type { Category } from '../../../../contract/traces.js';
import { isSearchUnavailable, useRankedSearch } from '../../api/search.js';
import { Button } from '../../components/ui/Button.js';
import { CategoryBadge } from '../../components/ui/CategoryBadge.js';
import { ImportanceDot } from '../../components/ui/Importance.js';
import { RelativeTime } from '../../components/ui/RelativeTime.js';
import { Spinner } from '../../components/ui/Spinner.js';
import { TagChips } from '../../components/ui/TagChips.js';
import { errorText } from '../../lib/form-errors.js';
import { relevancePercent } from '../../lib/relevance-bar.js';
import { ListMessage } from './ListMessage.js';

/** How many ranked results the web shows (an assistant usually asks for fewer). */
const RESULT_LIMIT = 20;

const ARM_LABELS: Record<SearchArm, string> = { fulltext: 'words', vector: 'meaning' };

/**
 * "Best match" (ADR 0008): the search box's words ranked by POST /api/search, as an assistant would
 * see them, with the relevance and the arms that matched shown quietly. The plain list is untouched.
 */
export function RankedResults({ query, category }: { query: string; category: Category | null }) {
  const trimmed = query.trim();
  const search = useRankedSearch(
    { query: trimmed, limit: RESULT_LIMIT, ...(category ? { category } : {}) },
    trimmed.length > 0,
  );

  if (!trimmed)
    return (
      <ListMessage
        icon={<Sparkles aria-hidden="true" />}
        title="Rank your memories by relevance"
        text="Type a question or a few words in the search box. Results are ranked the way your AI assistants see them, by words and by meaning."
      />
    );
  if (search.isPending)
    return (
      <div className="flex justify-center py-14">
        <Spinner label="Searching" className="size-7" />
      </div>
    );
  if (search.isError) {
    if (isSearchUnavailable(search.error))
      return (
        <ListMessage
          icon={<PlugZap aria-hidden="true" />}
          title="Ranked search is not available on this server"
          text="This Cairn server does not offer ranked search yet. Switch back to Newest to browse and filter your traces."
        />
      );
    return (
      <ListMessage
        icon={<AlertCircle aria-hidden="true" />}
        tone="danger"
        title="Ranked search failed"
        text={errorText(search.error, 'Something went wrong')}
        action={
          <Button variant="secondary" onClick={() => void search.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  const { results, mode } = search.data;
  if (results.length === 0)
    return (
      <ListMessage
        icon={<SearchX aria-hidden="true" />}
        title="Nothing relevant found"
        text="No memory is relevant enough to these words or their meaning. Try other words."
      />
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-fg-muted" aria-live="polite">
        <strong className="font-semibold text-fg tabular-nums">{results.length}</strong>{' '}
        {results.length === 1 ? 'result' : 'results'}, best match first
        {mode === 'fulltext' && (
          <span className="block text-xs text-fg-subtle sm:inline sm:before:content-['_·_']">
            Matching by meaning is unavailable right now, so these come from words alone.
          </span>
        )}
      </p>
      <ol className="space-y-3" aria-label="Ranked results">
        {results.map((r, i) => (
          <RankedResult key={r.id} result={r} rank={i + 1} />
        ))}
      </ol>
    </div>
  );
}

function RankedResult({ result: r, rank }: { result: SearchResult; rank: number }) {
  const percent = relevancePercent(r.relevance);
  const arms = r.matched.map((a) => ARM_LABELS[a]).join(' and ');
  return (
    <li className="relative flex gap-4 rounded-xl border border-line bg-surface p-4 shadow-sm transition-colors hover:border-line-strong">
      <span
        className="mt-0.5 w-6 shrink-0 text-right text-sm font-semibold text-fg-subtle tabular-nums"
        aria-hidden="true"
      >
        {rank}
      </span>
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 truncate font-semibold text-fg">
            <Link
              to={`/app/traces/${r.id}`}
              className="outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-[var(--color-ring)]"
            >
              {r.title || 'Untitled Trace'}
            </Link>
          </h3>
          <CategoryBadge category={r.category} />
          <ImportanceDot importance={r.importance} />
        </div>
        <p className="line-clamp-3 text-sm leading-relaxed break-words text-fg-muted">
          {r.snippet || r.content}
        </p>
        <TagChips tags={r.tags} max={5} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-fg-subtle">
          <span className="inline-flex items-center gap-2" title={`Relevance ${r.relevance.toFixed(4)}`}>
            <span className="h-1.5 w-16 overflow-hidden rounded-full bg-surface-muted" aria-hidden="true">
              <span className="block h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
            </span>
            <span>
              Relevance {percent}%{arms && ` · matched by ${arms}`}
            </span>
          </span>
          <RelativeTime iso={r.created_at} />
        </div>
      </div>
    </li>
  );
}
