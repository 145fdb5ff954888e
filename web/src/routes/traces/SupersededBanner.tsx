import { History } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Trace } from '../../../../contract/traces.js';
import { useSupersede } from '../../api/supersede.js';
import { Button } from '../../components/ui/Button.js';
import { Callout } from '../../components/ui/Callout.js';
import { errorText } from '../../lib/form-errors.js';
import { relativeTime } from '../../lib/relative-time.js';

/**
 * The detail page of a superseded trace (ADR 0034): what replaced it, with a link, and the way
 * back ("Mark as current") for a trace marked by mistake. Nothing for a trace that holds.
 */
export function SupersededBanner({ trace }: { trace: Trace }) {
  const { current } = useSupersede();
  if (!trace.superseded_at) return null;
  const by = trace.superseded_by;
  return (
    <Callout tone="warning" title="Outdated memory">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p data-testid="superseded-banner">
          {by ? (
            <>
              Replaced by{' '}
              <Link to={`/app/traces/${by.id}`} className="font-medium underline underline-offset-2">
                {by.title || 'Untitled Trace'}
              </Link>{' '}
            </>
          ) : (
            'Replaced by a memory that has since been deleted '
          )}
          <span className="opacity-80">({relativeTime(trace.superseded_at)})</span>. It is kept, but search
          and assistants' briefings leave it out.
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          disabled={current.isPending}
          onClick={() =>
            current.mutate(trace.id, {
              onSuccess: () => toast.success('Marked as current: it is found by search again'),
              onError: (err) =>
                toast.error(`Failed to mark as current: ${errorText(err, 'Something went wrong')}`),
            })
          }
        >
          <History aria-hidden="true" />
          Mark as current
        </Button>
      </div>
    </Callout>
  );
}
