import { Link } from 'react-router';
import { useSimilarTraces } from '../../api/traces.js';
import { relevancePercent } from '../../lib/relevance-bar.js';

const FOUND_BY = { words: 'same words', meaning: 'same meaning' } as const;

/**
 * The trace detail page's near-duplicates: memories found to say nearly the same thing when either
 * was saved (by words, or by meaning once embedded), each with how close it is. Nothing is shown
 * while loading, on error, or when there are none: the page is about the trace itself.
 */
export function SimilarTraces({ id }: { id: string }) {
  const similar = useSimilarTraces(id);
  const items = similar.data?.similar ?? [];
  if (!items.length) return null;
  return (
    <section aria-labelledby="similar-heading" className="space-y-3">
      <h2 id="similar-heading" className="text-sm font-semibold text-fg">
        Similar memories
      </h2>
      <ul className="space-y-2" aria-label="Similar memories">
        {items.map((s) => {
          const percent = relevancePercent(s.similarity);
          return (
            <li
              key={s.id}
              className="relative rounded-lg border border-line bg-surface px-4 py-3 shadow-sm hover:border-line-strong"
            >
              <Link
                to={`/app/traces/${s.id}`}
                className="font-medium text-fg outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-[var(--color-ring)]"
              >
                {s.title || 'Untitled Trace'}
              </Link>
              <p className="mt-1 line-clamp-2 text-sm break-words text-fg-muted">{s.snippet}</p>
              <p className="mt-2 flex items-center gap-2 text-xs text-fg-subtle">
                <span className="h-1.5 w-16 overflow-hidden rounded-full bg-surface-muted" aria-hidden="true">
                  <span className="block h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
                </span>
                <span>
                  {percent}% similar · {FOUND_BY[s.found_by]}
                </span>
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
