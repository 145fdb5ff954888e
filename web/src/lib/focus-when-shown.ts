/**
 * Focuses the element `selector` finds once it is on the page. What should take the focus after
 * an action often arrives later (a toast mounts on a later frame; a restored trace only after the
 * list refetches, which on a busy machine takes seconds), so this looks again on each frame until
 * `withinMs` has passed, then gives up quietly. Meanwhile it keeps the focus there whenever it
 * moves away without the person doing anything: the element was replaced (a second refetch
 * renders the list again), or a component put the focus back where it was before (a toast that
 * closes returns it to the element focused before it). Once the person presses a key or a pointer,
 * or a text field takes the focus, wherever the focus goes is theirs, and it stops.
 */
export function focusWhenShown(selector: string, withinMs = 5000): void {
  const deadline = performance.now() + withinMs;
  let personActed = false;
  const acted = () => {
    personActed = true;
  };
  // A field that takes the focus is someone about to type (assistive technology and scripts
  // focus fields without a key or a pointer), never a component giving the focus back.
  const typing = (e: FocusEvent) => {
    const t = e.target as HTMLElement | null;
    if (t && (t.matches('input, textarea, select') || t.isContentEditable)) personActed = true;
  };
  const listen = { capture: true } as const;
  document.addEventListener('pointerdown', acted, listen);
  document.addEventListener('keydown', acted, listen);
  document.addEventListener('focusin', typing, listen);
  const stop = () => {
    document.removeEventListener('pointerdown', acted, listen);
    document.removeEventListener('keydown', acted, listen);
    document.removeEventListener('focusin', typing, listen);
  };
  const attempt = () => {
    if (personActed) return stop();
    const el = document.querySelector<HTMLElement>(selector);
    if (el && document.activeElement !== el) el.focus();
    if (performance.now() < deadline) requestAnimationFrame(attempt);
    else stop();
  };
  requestAnimationFrame(attempt);
}

/** The link that opens a trace, in whichever list shows it. */
export const traceLinkSelector = (id: string) => `main a[href="/app/traces/${CSS.escape(id)}"]`;
