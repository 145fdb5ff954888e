/** The traces search box, found by the `/` shortcut. */
export const SEARCH_INPUT_ID = 'trace-search';

type Keys = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** Ctrl+K / ⌘K: the command palette, from anywhere (as in most apps), even from a text field. */
export function isPaletteShortcut(e: Keys): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}

/**
 * A single-key shortcut (`/`, `n`, `e`, `?`): the key, or null when it is not one. Typing in a
 * field, holding Ctrl, ⌘ or Alt, or a dialog being open means the key is for something else.
 */
export function plainShortcut(e: Keys, typingInField: boolean, dialogOpen: boolean): string | null {
  if (typingInField || dialogOpen || e.ctrlKey || e.metaKey || e.altKey) return null;
  return ['/', 'n', 'e', '?'].includes(e.key) ? e.key : null;
}

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}

/** Any modal open (a dialog, the palette, a confirmation): shortcuts wait until it closes. */
export const isDialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/** What the shortcuts dialog lists, in its order. */
export const SHORTCUTS: readonly { keys: readonly string[]; does: string }[] = [
  { keys: ['Ctrl/⌘', 'K'], does: 'Open the command palette: go anywhere, search, switch theme' },
  { keys: ['/'], does: 'Search your traces' },
  { keys: ['n'], does: 'New trace' },
  { keys: ['e'], does: 'Edit the trace you are reading' },
  { keys: ['Ctrl/⌘', 'Enter'], does: 'Save the dialog you are in' },
  { keys: ['Esc'], does: 'Close a dialog or the palette' },
  { keys: ['?'], does: 'Show these shortcuts' },
];
