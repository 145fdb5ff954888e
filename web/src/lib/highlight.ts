/**
 * Which parts of a result to mark for a search (ADR 0026). Ranked search matches words by their
 * stems (BM25 with English stemming) and by meaning; the page can only show the first: a word of
 * the query is marked where a word of the text has its stem ("kids" marks "kid", "running"
 * marks "run") or starts with it. The traces that only contain the typed text are marked where
 * the text occurs, as the list's literal search found them.
 */
export type Part = { text: string; match: boolean };

/** Words too common to be worth marking. */
const STOPWORDS = new Set(
  'a an and are as at be by do does for from has have how i in is it its me my of on or our so that the their them they this to was we what when where which who why will with you your'.split(
    ' ',
  ),
);

const WORD = /[\p{L}\p{N}]+/gu;

/** A light English stem: enough to mark "kids" for "kid" and "cooking" for "cooked". */
export function stem(word: string): string {
  const w = word.toLowerCase();
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) return w.slice(0, -suffix.length);
  }
  return w;
}

/** The query's words worth marking, as stems. */
export function queryStems(query: string): string[] {
  const words = query.toLowerCase().match(WORD) ?? [];
  return [...new Set(words.filter((w) => w.length >= 2 && !STOPWORDS.has(w)).map(stem))];
}

/** `text` split into parts, the words that match one of `stems` marked. */
export function markWords(text: string, stems: readonly string[]): Part[] {
  if (!stems.length) return [{ text, match: false }];
  const parts: Part[] = [];
  let last = 0;
  for (const m of text.matchAll(WORD)) {
    const token = m[0].toLowerCase();
    const hit = stems.some((s) => stem(token) === s || (s.length >= 3 && token.startsWith(s)));
    if (!hit) continue;
    if (m.index > last) parts.push({ text: text.slice(last, m.index), match: false });
    parts.push({ text: m[0], match: true });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/** `text` split into parts, each case-insensitive occurrence of `term` marked. */
export function markSubstring(text: string, term: string): Part[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const haystack = text.toLowerCase();
  const parts: Part[] = [];
  let last = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    if (at > last) parts.push({ text: text.slice(last, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    last = at + needle.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false });
  return parts;
}
