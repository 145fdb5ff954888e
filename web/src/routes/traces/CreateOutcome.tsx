import { ArrowUpRight, CopyCheck, Layers } from 'lucide-react';
import { Link } from 'react-router';
import type { CreateTraceResponse } from '../../../../contract/traces.js';
import { Button } from '../../components/ui/Button.js';
import { CategoryBadge } from '../../components/ui/CategoryBadge.js';
import { RelativeTime } from '../../components/ui/RelativeTime.js';
import { useDeleteTrace } from './use-delete-trace.js';

const detailPath = (id: string) => `/app/traces/${id}`;

/**
 * What the create dialog shows instead of closing when Cairn recognised the memory: the existing
 * trace for an exact duplicate (nothing was added), or near-duplicates so the person can decide
 * whether the new one stays.
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
  return (
    <div className="space-y-4">
      <p className="flex gap-2 rounded-lg bg-warning-soft p-3 text-sm text-warning-soft-fg">
        <Layers className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          Your new memory is saved.{' '}
          {similar.length === 1 ? 'One you already had looks' : 'Some you already had look'} much like it:
          open one to compare, or remove the new one if it repeats what you had.
        </span>
      </p>
      <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Similar memories">
        {similar.map((s) => (
          <li key={s.id}>
            <Link
              to={detailPath(s.id)}
              onClick={onClose}
              className="group flex items-start gap-3 p-3 hover:bg-surface-muted"
            >
              <span className="min-w-0 flex-1 space-y-0.5">
                <span className="flex items-center gap-1 text-sm font-medium text-fg group-hover:underline">
                  <span className="truncate">{s.title || 'Untitled Trace'}</span>
                  <ArrowUpRight className="size-3.5 shrink-0 text-fg-subtle" aria-hidden="true" />
                </span>
                <span className="line-clamp-2 block text-sm text-fg-muted">{s.snippet}</span>
              </span>
              <span className="shrink-0 text-xs text-fg-subtle tabular-nums">
                {Math.round(s.similarity * 100)}% alike
              </span>
            </Link>
          </li>
        ))}
      </ul>
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
