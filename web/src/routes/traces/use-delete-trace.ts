import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Trace } from '../../../../contract/traces.js';
import { deleteTrace, invalidateAfterTraceChange, restoreTrace, tracesKeys } from '../../api/traces.js';
import { errorText } from '../../lib/form-errors.js';
import { focusToastAction } from '../../lib/focus-toast-action.js';
import { focusWhenShown, traceLinkSelector } from '../../lib/focus-when-shown.js';

/**
 * Delete a trace at once (no confirmation: Undo is the safety net), with an Undo on the success toast
 * that restores it. The callbacks live on the mutation itself, so they run even when the page
 * that deleted the trace (its detail page) has been left.
 */
export function useDeleteTrace(options: { onDeleted?: (trace: Trace) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trace: Trace) => deleteTrace(trace.id),
    onSuccess: (_, trace) => {
      queryClient.removeQueries({ queryKey: tracesKeys.detail(trace.id), exact: true });
      const testId = `undo-delete-${trace.id}`;
      toast.success('Trace deleted successfully!', {
        duration: 10_000,
        testId,
        action: { label: 'Undo', onClick: () => void undo(trace) },
      });
      focusToastAction(testId);
      options.onDeleted?.(trace);
    },
    onError: (err) => toast.error(`Failed to delete trace: ${errorText(err, 'Something went wrong')}`),
    onSettled: () => invalidateAfterTraceChange(queryClient),
  });

  async function undo(trace: Trace) {
    try {
      await restoreTrace(queryClient, trace.id);
      toast.success('Trace restored');
      // The Undo button leaves with its toast: the focus goes to the trace it brought back.
      focusWhenShown(traceLinkSelector(trace.id));
    } catch (err) {
      toast.error(`Failed to restore trace: ${errorText(err, 'Something went wrong')}`);
    }
  }
}
