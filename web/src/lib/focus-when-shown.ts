/**
 * Focuses the element `selector` finds once it is on the page. What should take the focus after
 * an action often arrives later (a toast mounts on a later frame; a restored trace only after the
 * list refetches, which on a busy machine takes seconds), so this looks again on each frame until
 * `withinMs` has passed, then gives up quietly. Meanwhile it keeps the focus there if the element
 * it focused is replaced (a second refetch renders the list again) and the focus fell back to the
 * page; once the person moves the focus anywhere else, it stops.
 */
export function focusWhenShown(selector: string, withinMs = 5000): void {
  const deadline = performance.now() + withinMs;
  const before = document.activeElement;
  let focused: HTMLElement | null = null;
  const attempt = () => {
    const active = document.activeElement;
    const fellBack = active === null || active === document.body;
    // Focus that moved somewhere of its own accord is the person's choice: leave it there.
    if (!fellBack && active !== before && active !== focused) return;
    if (!focused || !focused.isConnected || active !== focused) {
      const el = document.querySelector<HTMLElement>(selector);
      if (el) {
        el.focus();
        focused = el;
      }
    }
    if (performance.now() < deadline) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/** The link that opens a trace, in whichever list shows it. */
export const traceLinkSelector = (id: string) => `main a[href="/app/traces/${CSS.escape(id)}"]`;
