/**
 * Tags text as typed in the dialog: split on commas, trimmed, empty pieces dropped.
 * Repeats are dropped too (the server would drop them anyway; case is the server's business).
 */
export function parseTags(text: string): string[] {
  const tags = text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
  return [...new Set(tags)];
}

/** The dialog's text for stored tags. */
export function formatTags(tags: readonly string[]): string {
  return tags.join(', ');
}

/** The table shows at most 3 tags, then "+N more", so a row keeps one line. */
export function visibleTags(tags: readonly string[], max = 3): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}
