import { focusWhenShown } from './focus-when-shown.js';

/**
 * Moves keyboard focus to a toast's action button (e.g. Undo after a delete). The control that
 * had focus is usually gone with what was deleted, so focus would fall to <body> and the Undo
 * would be out of a keyboard user's reach. Sonner mounts toasts on a later frame.
 */
export function focusToastAction(testId: string): void {
  focusWhenShown(`[data-testid="${CSS.escape(testId)}"] button[data-button]`, 2000);
}
