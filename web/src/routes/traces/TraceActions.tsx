import { Pencil, Trash2 } from 'lucide-react';
import type { Trace } from '../../../../contract/traces.js';
import { cn } from '../../lib/cn.js';

const ICON_BUTTON =
  'relative z-10 inline-flex size-8 items-center justify-center rounded-md text-fg-muted transition-colors disabled:opacity-45';

/** The edit and delete icons of a card or a table row; labelled with the trace they act on. */
export function TraceActions({
  trace,
  onEdit,
  onDelete,
  deleting,
  className,
}: {
  trace: Trace;
  onEdit(trace: Trace): void;
  onDelete(trace: Trace): void;
  deleting?: boolean;
  className?: string;
}) {
  const name = trace.title || 'Untitled Trace';
  return (
    <div className={cn('flex items-center gap-0.5', className)}>
      <button
        type="button"
        className={cn(ICON_BUTTON, 'hover:bg-surface-muted hover:text-fg')}
        onClick={() => onEdit(trace)}
        aria-label={`Edit ${name}`}
        title="Edit"
      >
        <Pencil className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={cn(ICON_BUTTON, 'hover:bg-danger-soft hover:text-danger')}
        onClick={() => onDelete(trace)}
        disabled={deleting}
        aria-label={`Delete ${name}`}
        title="Delete"
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
