/** The traces search box, found by the global search shortcut. */
export const SEARCH_INPUT_ID = 'trace-search';

/**
 * `/` (when not typing somewhere) and Ctrl+K / ⌘K open the search. `/` inside a text field is
 * just a slash; Ctrl/⌘+K works from anywhere, as it does in most apps.
 */
export function isSearchShortcut(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>,
  typingInField: boolean,
): boolean {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') return true;
  return e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typingInField;
}

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
}
