import { ArrowUpRight, Check, CopyCheck, History, Layers } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { CreateTraceResponse, SimilarTrace } from '../../../../contract/traces.js';
import { useSupersede } from '../../api/supersede.js';
import { Button } from '../../components/ui/Button.js';
import { CategoryBadge } from '../../components/ui/CategoryBadge.js';
import { RelativeTime } from '../../components/ui/RelativeTime.js';
import { errorText } from '../../lib/form-errors.js';
import { useDeleteTrace } from './use-delete-trace.js';

const detailPath = (id: string) => `/app/traces/${id}`;

/**
 * What the create dialog shows instead of closing when Cairn recognised the memory: the existing
 * trace for an exact duplicate (nothing was added), or near-duplicates so the person can decide
 * whether the new one stays, and memories on the same subject it may replace (ADR 0034).
 */
export function CreateOutcome({ outcome, onClose }: { outcome: CreateTraceResponse; onClose(): void }) {
  return outcome.duplicate_of ? (
    <Duplicate trace={outcome} onClose={onClose} />
  ) : (
    <Similar created={outcome} onClose={onClose} />
  );
}

function Duplicate({ trace, onClose }: { trace: CreateTraceResponse; onClose(): void }) {
  return (
    <div className="space-y-4">
      <p className="flex gap-2 rounded-lg bg-info-soft p-3 text-sm text-info-soft-fg">
        <CopyCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>You already have this memory, so nothing new was added. Here it is:</span>
      </p>
      <div className="space-y-2 rounded-lg border border-line p-4">
        <div className="flex items-center justify-between gap-2">
          <p className="truncate font-medium text-fg">{trace.title || 'Untitled Trace'}</p>
          <CategoryBadge category={trace.category} />
        </div>
        <p className="line-clamp-4 text-sm whitespace-pre-line text-fg-muted">{trace.content}</p>
        <p className="text-xs text-fg-subtle">
          Saved <RelativeTime iso={trace.created_at} />
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button asChild>
          <Link to={detailPath(trace.id)} onClick={onClose}>
            Open memory
          </Link>
        </Button>
      </div>
    </div>
  );
}

function Similar({ created, onClose }: { created: CreateTraceResponse; onClose(): void }) {
  const remove = useDeleteTrace({ onDeleted: onClose });
  const similar = created.similar ?? [];
  const outdated = created.possibly_outdated ?? [];
  const mayReplace = (id: string) => outdated.some((o) => o.id === id);
  // Memories on the same subject that are not near-duplicates too: listed apart, each once.
  const onlyOutdated = outdated.filter((o) => !similar.some((s) => s.id === o.id));
  return (
    <div className="space-y-4">
      <p className="flex gap-2 rounded-lg bg-warning-soft p-3 text-sm text-warning-soft-fg">
        <Layers className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Your new memory is saved.{' '}
          {similar.length === 1 ? 'One you already had looks' : 'Some you already had look'} much like it:
          open one to compare, or remove the new one if it repeats what you had.
          {outdated.length > 0 &&
            ' If the new one makes one of them no longer true, mark it replaced: it is kept, but search leaves it out.'}
        </span>
      </p>
      <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Similar memories">
        {similar.map((s) => (
          <li key={s.id} className="flex items-start gap-3 p-3 hover:bg-surface-muted">
            <SimilarLink item={s} onClose={onClose} />
            {mayReplace(s.id) && <ReplaceButton older={s} by={created.id} />}
          </li>
        ))}
      </ul>
      {onlyOutdated.length > 0 && (
        <ul className="divide-y divide-line rounded-lg border border-line" aria-label="On the same subject">
          {onlyOutdated.map((s) => (
            <li key={s.id} className="flex items-start gap-3 p-3">
              <SimilarLink item={s} onClose={onClose} />
              <ReplaceButton older={s} by={created.id} />
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="danger-ghost" onClick={() => remove.mutate(created)} disabled={remove.isPending}>
          Remove the new one
        </Button>
        <Button onClick={onClose} disabled={remove.isPending}>
          Keep both
        </Button>
      </div>
    </div>
  );
}

function SimilarLink({ item, onClose }: { item: SimilarTrace; onClose(): void }) {
  return (
    <Link to={detailPath(item.id)} onClick={onClose} className="group flex min-w-0 flex-1 items-start gap-3">
      <span className="min-w-0 flex-1 space-y-0.5">
        <span className="flex items-center gap-1 text-sm font-medium text-fg group-hover:underline">
          <span className="truncate">{item.title || 'Untitled Trace'}</span>
          <ArrowUpRight className="size-3.5 shrink-0 text-fg-subtle" aria-hidden="true" />
        </span>
        <span className="line-clamp-2 block text-sm text-fg-muted">{item.snippet}</span>
      </span>
      <span className="shrink-0 text-xs text-fg-subtle tabular-nums">
        {Math.round(item.similarity * 100)}% alike
      </span>
    </Link>
  );
}

/** Marks an older memory replaced by the new one; then says so (a toast offers the way back). */
function ReplaceButton({ older, by }: { older: SimilarTrace; by: string }) {
  const { replace, current } = useSupersede();
  const [done, setDone] = useState(false);
  const label = older.title || 'Untitled Trace';
  return (
    <Button
      variant="secondary"
      size="sm"
      className="shrink-0"
      disabled={replace.isPending || done}
      aria-label={done ? `${label}: marked replaced` : `Mark “${label}” replaced by the new memory`}
      onClick={() =>
        replace.mutate(
          { older: older.id, by },
          {
            onSuccess: () => {
              setDone(true);
              toast.success(`“${label}” marked replaced`, {
                action: {
                  label: 'Undo',
                  onClick: () => current.mutate(older.id, { onSuccess: () => setDone(false) }),
                },
              });
            },
            onError: (err) =>
              toast.error(`Failed to mark replaced: ${errorText(err, 'Something went wrong')}`),
          },
        )
      }
    >
      {done ? <Check aria-hidden="true" /> : <History aria-hidden="true" />}
      {done ? 'Replaced' : 'Mark replaced'}
    </Button>
  );
}
