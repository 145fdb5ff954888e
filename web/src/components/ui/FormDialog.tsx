import { type FormEvent, type ReactNode, useId } from 'react';
import { Button } from './Button.js';
import { Dialog } from './Dialog.js';

/**
 * A dialog holding one form: the form in the body, Cancel and its submit button in the footer
 * (both disabled while it saves, so nothing is sent twice or closed half-done). Ctrl/⌘+Enter
 * sends it, as in every dialog. `after` is rendered after the form (a discard question).
 */
export function FormDialog({
  open = true,
  title,
  description,
  onOpenChange,
  onCancel,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  className,
  children,
  after,
}: {
  /** Mounted but closed, a dialog closes in place and hands focus back to what opened it. */
  open?: boolean;
  title: ReactNode;
  description?: ReactNode;
  onOpenChange(open: boolean): void;
  onCancel(): void;
  onSubmit(e: FormEvent): void;
  pending: boolean;
  submitLabel: string;
  /** Shown while it saves: "Saving...", "Renaming...". */
  pendingLabel: string;
  className?: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  const formId = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      className={className}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
      </form>
      {after}
    </Dialog>
  );
}
