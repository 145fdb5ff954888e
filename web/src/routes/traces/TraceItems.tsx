import type { Trace } from '../../../../contract/traces.js';
import type { Part } from '../../lib/highlight.js';
import type { TraceView } from '../../lib/trace-list-params.js';
import { TraceCards } from './TraceCards.js';
import { TraceTable } from './TraceTable.js';
import { useDeleteTrace } from './use-delete-trace.js';
import type { Selection } from './use-selection.js';

/** A page of traces as Cards or a Table, with their checkboxes, edit and delete. */
export function TraceItems({
  traces,
  view,
  selection,
  onEdit,
  mark,
}: {
  traces: readonly Trace[];
  view: TraceView;
  selection: Selection;
  onEdit(trace: Trace): void;
  mark?: ((text: string) => Part[]) | undefined;
}) {
  const remove = useDeleteTrace();
  const props = {
    traces,
    onEdit,
    onDelete: (t: Trace) => remove.mutate(t),
    deletingId: remove.isPending ? remove.variables?.id : undefined,
    isSelected: selection.has,
    onToggle: selection.toggle,
    mark,
  };
  return view === 'table' ? <TraceTable {...props} /> : <TraceCards {...props} />;
}
