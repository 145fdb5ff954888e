import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '../../lib/cn.js';
import { CONTENT_CLASS, isSubmitShortcut, OVERLAY_CLASS, useDialogFocus } from './dialog-focus.js';

type DialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  className?: string;
  /**
   * Where focus starts (default: the first focusable element). Use this rather than autoFocus on
   * a field: autoFocus moves focus before the dialog can remember which control opened it.
   */
  initialFocus?: () => HTMLElement | null;
};

/**
 * A modal dialog: focus trapped, Escape and the close button dismiss it, the title labels it.
 * Ctrl/⌘+Enter sends the form inside it, as its submit button would.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  className,
  initialFocus,
}: DialogProps) {
  const focus = useDialogFocus(initialFocus);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!isSubmitShortcut(e)) return;
    const form = e.currentTarget.querySelector('form');
    if (!form) return;
    e.preventDefault();
    form.requestSubmit();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        {/* The overlay answers its own clicks. Radix's click-outside listener is re-added in a
            setTimeout(0) whenever a dialog opened from this one closes, so a quick click beside
            the dialog right after "Keep editing" was lost on a busy machine (e2e/dialog-race.spec.ts).
            A second close request from Radix, when its listener is there, asks the same question. */}
        <RadixDialog.Overlay
          className={OVERLAY_CLASS}
          onPointerDown={(e) => {
            if (e.button === 0 && !e.ctrlKey) onOpenChange(false);
          }}
        />
        <RadixDialog.Content
          className={cn(CONTENT_CLASS, className)}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          onKeyDown={onKeyDown}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
            <div className="min-w-0 space-y-1">
              <RadixDialog.Title className="text-lg font-semibold break-words text-fg">
                {title}
              </RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="text-sm text-fg-muted">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="rounded-md p-1 text-fg-muted hover:bg-surface-muted hover:text-fg"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer && <div className="flex justify-end gap-2 border-t border-line px-5 py-3">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
