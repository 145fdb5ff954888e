import { useRef } from 'react';

/**
 * Focus for a dialog opened without a Radix Trigger (the controlled case: a row's button sets
 * state). Radix then has nowhere to send focus on close and it falls to <body>, so the control
 * that had focus at opening is remembered and focused again, when it is still on the page.
 * `initialFocus` picks where focus starts instead of the first focusable element; `finalFocus`
 * where it goes on close when the opener is about to go (a deleted row's button).
 */
export function useDialogFocus(
  initialFocus?: () => HTMLElement | null,
  finalFocus?: () => HTMLElement | null,
) {
  const returnTo = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      const active = document.activeElement;
      returnTo.current = active instanceof HTMLElement && active !== document.body ? active : null;
      const target = initialFocus?.();
      if (target) {
        event.preventDefault();
        target.focus();
      }
    },
    onCloseAutoFocus(event: Event) {
      const target = finalFocus?.() ?? (returnTo.current?.isConnected ? returnTo.current : null);
      if (target) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}

/** Ctrl+Enter or ⌘+Enter: send the dialog's form, from any field (a textarea keeps plain Enter). */
export function isSubmitShortcut(e: { key: string; ctrlKey: boolean; metaKey: boolean }): boolean {
  return e.key === 'Enter' && (e.ctrlKey || e.metaKey);
}

export const OVERLAY_CLASS = 'fixed inset-0 z-40 bg-black/45 backdrop-blur-[2px]';
export const CONTENT_CLASS =
  'fixed top-1/2 left-1/2 z-50 flex max-h-[92vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl border border-line bg-surface-raised shadow-xl';
