import { History } from 'lucide-react';
import { Link } from 'react-router';
import type { TraceDetail } from '../../../../contract/traces.js';

/**
 * The newer trace's side of a replacement (ADR 0034): the older memories it made outdated, each a
 * link, so what it superseded stays one click away. Nothing when it replaced none (or while the
 * page shows an edit's answer, which does not carry the list, until the trace is read again).
 */
export function ReplacesList({ replaces }: { replaces: TraceDetail['replaces'] | undefined }) {
  if (!replaces?.length) return null;
  return (
    <section
      aria-labelledby="replaces-heading"
      className="rounded-xl border border-line bg-surface px-5 py-3 text-sm shadow-sm sm:px-6"
    >
      <h2 id="replaces-heading" className="flex items-center gap-2 font-semibold text-fg">
        <History className="size-4 text-fg-subtle" aria-hidden="true" />
        Replaces
      </h2>
      <p className="mt-0.5 text-fg-muted">
        {replaces.length === 1 ? 'An older memory' : 'Older memories'} this one made outdated: kept, but left
        out of search and briefings.
      </p>
      <ul className="mt-2 flex flex-col gap-1" aria-label="Replaces">
        {replaces.map((r) => (
          <li key={r.id}>
            <Link
              to={`/app/traces/${r.id}`}
              className="font-medium text-fg underline underline-offset-2 hover:text-accent"
            >
              {r.title || 'Untitled Trace'}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
