import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Trace } from '../../../../contract/traces.js';
import { invalidateAfterTraceChange, restoreTrace, tracesKeys } from '../../api/traces.js';
import { api } from '../../lib/api-client.js';
import { messageOf } from '../../lib/api-error.js';
import { focusToastAction } from '../../lib/focus-toast-action.js';
import { readableServerMessage } from '../../lib/text.js';

/**
 * Delete a trace at once (the spec asks for no confirmation), with an Undo on the success toast
 * that restores it. The callbacks live on the mutation itself, so they run even when the page
 * that deleted the trace (its detail page) has been left.
 */
export function useDeleteTrace(options: { onDeleted?: (trace: Trace) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trace: Trace) =>
      api<void>(`/api/traces/${encodeURIComponent(trace.id)}`, { method: 'DELETE' }),
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
    onError: (err) =>
      toast.error(`Failed to delete trace: ${readableServerMessage(messageOf(err, 'Something went wrong'))}`),
    onSettled: () => invalidateAfterTraceChange(queryClient),
  });

  async function undo(trace: Trace) {
    try {
      await restoreTrace(queryClient, trace.id);
      toast.success('Trace restored');
    } catch (err) {
      toast.error(
        `Failed to restore trace: ${readableServerMessage(messageOf(err, 'Something went wrong'))}`,
      );
    }
  }
}
