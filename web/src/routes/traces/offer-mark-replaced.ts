import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { SimilarTrace } from '../../../../contract/traces.js';
import { markReplaced } from '../../api/supersede.js';
import { errorText } from '../../lib/form-errors.js';

/**
 * After a create whose answer names a memory on the same subject (possibly_outdated, ADR 0034):
 * a toast that says so and marks it replaced in one click, with Undo. It never holds the dialog:
 * most memories have neighbours on their subject, and most of those still hold.
 */
export function offerToMarkReplaced(queryClient: QueryClient, older: SimilarTrace, by: string): void {
  const label = older.title || 'Untitled Trace';
  toast(`On the same subject: “${label}”`, {
    description: 'If the new memory replaces it, mark it replaced: it is kept, but search leaves it out.',
    duration: 10_000,
    action: {
      label: 'Mark replaced',
      onClick: () => {
        markReplaced(queryClient, older.id, by).then(
          () => toast.success(`“${label}” marked replaced`),
          (err: unknown) => toast.error(`Failed to mark replaced: ${errorText(err, 'Something went wrong')}`),
        );
      },
    },
  });
}
