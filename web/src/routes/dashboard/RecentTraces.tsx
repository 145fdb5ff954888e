import { AlertCircle } from 'lucide-react';
import { Link } from 'react-router';
import { useTraces } from '../../api/traces.js';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card.js';
import { CategoryBadge } from '../../components/ui/CategoryBadge.js';
import { RelativeTime } from '../../components/ui/RelativeTime.js';

/** Spec section 9: the dashboard lists the 5 newest traces. */
const RECENT_COUNT = 5;

/** Recent Traces: title or "Untitled Trace", content, category, relative created time, "View all". */
export function RecentTraces() {
  const recent = useTraces({ page: 1, pageSize: RECENT_COUNT });
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Recent Traces</CardTitle>
        <Link to="/app/traces" className="text-sm font-medium text-accent hover:underline">
          View all
        </Link>
      </CardHeader>
      <CardContent className="flex-1">
        {recent.isPending ? (
          <ul className="space-y-3" aria-label="Loading recent traces">
            {Array.from({ length: 3 }, (_, i) => (
              <li key={i} className="h-14 animate-pulse rounded-lg bg-surface-muted" />
            ))}
          </ul>
        ) : recent.isError ? (
          <p className="flex items-center gap-2 text-sm text-danger" role="alert">
            <AlertCircle className="size-4" aria-hidden="true" />
            Failed to load traces
          </p>
        ) : recent.data.traces.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line-strong px-4 py-8 text-center text-sm text-fg-muted">
            No traces yet. Add your first memory to get started!
          </p>
        ) : (
          <ul className="-mx-2 divide-y divide-line" aria-label="Recent traces">
            {recent.data.traces.map((t) => (
              <li key={t.id} className="relative rounded-lg px-2 py-3 hover:bg-surface-muted">
                <div className="flex items-center gap-2">
                  <Link
                    to={`/app/traces/${t.id}`}
                    className="min-w-0 flex-1 truncate text-sm font-medium text-fg outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-[var(--color-ring)]"
                  >
                    {t.title || 'Untitled Trace'}
                  </Link>
                  <CategoryBadge category={t.category} />
                </div>
                <p className="mt-1 line-clamp-1 text-sm wrap-anywhere text-fg-muted">{t.content}</p>
                <RelativeTime iso={t.created_at} className="mt-1 block text-xs text-fg-subtle" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
