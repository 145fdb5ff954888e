/**
 * Moves keyboard focus to a toast's action button (e.g. Undo after a delete). The control that
 * had focus is usually gone with what was deleted, so focus would fall to <body> and the Undo
 * would be out of a keyboard user's reach. Sonner mounts toasts on a later frame, so this looks
 * for the button for a few frames before giving up quietly.
 */
export function focusToastAction(testId: string, frames = 30): void {
  const attempt = (left: number) => {
    const button = document.querySelector<HTMLButtonElement>(
      `[data-testid="${CSS.escape(testId)}"] button[data-button]`,
    );
    if (button) button.focus();
    else if (left > 0) requestAnimationFrame(() => attempt(left - 1));
  };
  requestAnimationFrame(() => attempt(frames));
}
