import type { ReactNode } from 'react';
import { Button } from './Button.js';
import { Dialog } from './Dialog.js';

type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  /** What happens after confirming, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs, e.g. "Deleting...". */
  pendingLabel?: string;
  pending?: boolean;
  cancelLabel?: string;
  onCancel(): void;
  onConfirm(): void;
  className?: string;
};

/**
 * Asks once before something that cannot be taken back. While the action runs the dialog stays
 * open and both buttons are disabled, so a second click cannot send it twice and closing cannot
 * hide whether it worked.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  pendingLabel,
  pending = false,
  cancelLabel = 'Cancel',
  onCancel,
  onConfirm,
  className,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !pending && onCancel()}
      title={title}
      description={description}
      className={className}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={pending}>
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-sm text-fg-muted">{children}</p>
    </Dialog>
  );
}
