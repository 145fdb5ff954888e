import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.js';
import { Button } from './Button.js';
import { CONTENT_CLASS, OVERLAY_CLASS, useDialogFocus } from './dialog-focus.js';

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
  /** Where focus goes on close instead of back to the opener (which the action may have removed). */
  finalFocus?: () => HTMLElement | null;
};

/**
 * Asks once before something that cannot be taken back: an alert dialog (WAI-ARIA), which opens
 * on its harmless answer (Cancel, or "Keep editing"), so a stray Enter never confirms, and which a
 * click beside it does not answer. While the action runs the dialog stays open and both buttons
 * are disabled, so a second click cannot send it twice and closing cannot hide whether it worked.
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
  finalFocus,
}: ConfirmDialogProps) {
  // No initial target of ours: Radix's alert dialog starts on its Cancel button.
  const focus = useDialogFocus(undefined, finalFocus);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={OVERLAY_CLASS} />
        <AlertDialog.Content
          className={cn(CONTENT_CLASS, className)}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <div className="space-y-1 border-b border-line px-5 py-4">
            <AlertDialog.Title className="text-lg font-semibold break-words text-fg">
              {title}
            </AlertDialog.Title>
            {description && (
              <AlertDialog.Description className="text-sm text-fg-muted">
                {description}
              </AlertDialog.Description>
            )}
          </div>
          <div className="overflow-y-auto px-5 py-4">
            <p className="text-sm text-fg-muted">{children}</p>
          </div>
          <div className="flex justify-end gap-2 border-t border-line px-5 py-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={pending}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant="danger" onClick={onConfirm} disabled={pending}>
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
