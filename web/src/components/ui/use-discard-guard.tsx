import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.js';

/**
 * Typed changes are not thrown away by a stray Escape or overlay click: a dialog with unsaved
 * edits asks first. `requestOpenChange` goes to the dialog's onOpenChange; `confirm` is rendered
 * inside the dialog. Cancel buttons call `close` directly (choosing Cancel is the answer).
 */
export function useDiscardGuard({
  dirty,
  pending,
  close,
  unsaved,
}: {
  dirty: boolean;
  /** While a save runs, the dialog stays open: closing would hide whether it worked. */
  pending: boolean;
  close(): void;
  /** What is not saved yet, in a sentence: "Your edits to this trace are not saved yet." */
  unsaved: string;
}) {
  const [asking, setAsking] = useState(false);
  const requestOpenChange = (open: boolean) => {
    if (open || pending) return;
    if (dirty) setAsking(true);
    else close();
  };
  const confirm = (
    <ConfirmDialog
      open={asking}
      title="Discard your changes?"
      description={unsaved}
      className="max-w-sm"
      cancelLabel="Keep editing"
      confirmLabel="Discard"
      onCancel={() => setAsking(false)}
      onConfirm={() => {
        setAsking(false);
        close();
      }}
    >
      What you typed is lost if you discard it.
    </ConfirmDialog>
  );
  return { requestOpenChange, confirm };
}
