/**
 * Focuses the element `selector` finds once it is on the page. What should take the focus after
 * an action often arrives a little later (a toast mounts on a later frame, a restored trace after
 * the list refetches), so this looks again on each frame for `frames` frames (about one second
 * per 60) and gives up quietly: the focus then stays where it is.
 */
export function focusWhenShown(selector: string, frames = 60): void {
  const attempt = (left: number) => {
    const el = document.querySelector<HTMLElement>(selector);
    if (el) el.focus();
    else if (left > 0) requestAnimationFrame(() => attempt(left - 1));
  };
  requestAnimationFrame(() => attempt(frames));
}

/** The link that opens a trace, in whichever list shows it. */
export const traceLinkSelector = (id: string) => `main a[href="/app/traces/${CSS.escape(id)}"]`;
