/**
 * A title for a memory written without one (issue 29, ADR 0028): drawn from its own words, never
 * invented — no model, nothing downloaded. The first line that says something, Markdown and list
 * marks taken off; its first sentence when that is short enough; else cut at the last clause or
 * word boundary within the limit, with an ellipsis. Stored like a typed title, and editable.
 */
export const GENERATED_TITLE_MAX = 60;

/** Markdown that is not words: headings, quotes, list marks, emphasis, code ticks, link targets. */
function plain(line: string): string {
  return line
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // [text](url) → text
    .replace(/<(https?:\/\/[^>]+)>/g, '$1')
    .replace(/^\s{0,3}(?:(?:#{1,6}|>+|[-*+•]|\d{1,3}[.)]|\[[ xX]\])\s+)+/, '')
    .replace(/(\*\*|__|`+|~~)/g, '')
    .replace(/(^|\s)[*_](\S[^*_]*\S|\S)[*_](?=\s|$|[.,;:!?])/g, '$1$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Ends a title cleanly: no trailing separator or open bracket, no sentence stop. */
function tidy(text: string): string {
  return text
    .replace(/[\s,;:([{–—-]+$/u, '')
    .replace(/(?<![.][.])[.]$/u, '')
    .trim();
}

export function titleFrom(content: string): string {
  const lines = content.split(/\r?\n/).map(plain);
  // The first line with a letter or digit in it (a line of "---" or an emoji alone says nothing).
  const line = lines.find((l) => /[\p{L}\p{N}]/u.test(l)) ?? lines.find((l) => l.length) ?? '';
  const chars = [...line];
  if (!chars.length) return tidy([...content.trim()].slice(0, GENERATED_TITLE_MAX).join('')) || 'Note';
  // Its first sentence (a stop followed by a space and a capital or digit: "v2.1" and "e.g." stay).
  const sentence = /^(.+?[.!?])\s+(?=[\p{Lu}\p{N}"“'])/u.exec(line)?.[1] ?? line;
  if ([...sentence].length <= GENERATED_TITLE_MAX) return tidy(sentence) || tidy(line);
  const head = chars.slice(0, GENERATED_TITLE_MAX - 1).join('');
  // The last clause boundary past a third of the limit, else the last word boundary.
  const clause = Math.max(...[', ', '; ', ': ', ' – ', ' — ', ' - ', ' ('].map((s) => head.lastIndexOf(s)));
  if (clause >= GENERATED_TITLE_MAX / 3) return tidy(head.slice(0, clause));
  const space = head.lastIndexOf(' ');
  const cut = space >= GENERATED_TITLE_MAX / 3 ? head.slice(0, space) : head;
  return `${tidy(cut)}…`;
}
