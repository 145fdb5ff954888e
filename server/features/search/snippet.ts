import { SEARCH_LIMITS } from '../../../contract/search.js';

/**
 * The part of a trace worth showing for a query: the sentence that shares the most query words,
 * and what follows it, cut at word boundaries to at most `max` characters (an ellipsis marks a
 * cut and counts towards the limit). Content that fits is returned whole (white space collapsed).
 * Words are compared after a light suffix strip, so "dancing" finds "dance"; a result found only
 * by meaning, sharing no word, shows its beginning.
 */
export function buildSnippet(content: string, query: string, max: number = SEARCH_LIMITS.snippetMax): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const terms = new Set(queryTerms(query));

  let best = { start: 0, score: 0, firstHit: 0 };
  for (const m of text.matchAll(/[^.!?]+(?:[.!?]+|$)\s*/g)) {
    const start = m.index;
    const seen = new Set<string>();
    let firstHit = -1;
    for (const w of m[0].matchAll(/[\p{L}\p{N}]+/gu)) {
      const s = stem(w[0]);
      if (terms.has(s)) {
        seen.add(s);
        if (firstHit < 0) firstHit = start + w.index;
      }
    }
    if (seen.size > best.score) best = { start, score: seen.size, firstHit };
  }

  const room = max - 2; // an ellipsis at each end at most
  let start = best.start;
  // A matching sentence longer than the room: show the words around its first hit instead.
  if (best.score > 0 && best.firstHit - start > room / 2) start = best.firstHit - Math.floor(room / 3);
  // Near the end: move back so the window is full.
  start = Math.max(0, Math.min(start, text.length - room));
  if (start > 0) start = wordStartAtOrAfter(text, start);
  // A hard start inside one very long "word" must not begin with the second half of an emoji.
  if (isLowSurrogate(text.charCodeAt(start))) start++;
  let end = Math.min(text.length, start + room);
  if (end < text.length) end = wordEndAtOrBefore(text, start, end);

  const body = text.slice(start, end).trim();
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function wordStartAtOrAfter(text: string, i: number): number {
  if (/\s/.test(text[i - 1] ?? ' ')) return i;
  const next = text.slice(i).search(/\s/);
  return next < 0 || next > 30 ? i : i + next + 1;
}

function wordEndAtOrBefore(text: string, start: number, end: number): number {
  const cut = text.lastIndexOf(' ', end);
  if (cut > start + (end - start) / 2) return cut;
  // One very long "word": a hard cut, but never through a surrogate pair.
  const code = text.charCodeAt(end - 1);
  return code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}

const STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being
  below between both but by can could did do does doing down during each few for from further had
  has have having he her here hers herself him himself his how i if in into is it its itself just
  me more most my myself no nor not now of off on once only or other our ours ourselves out over
  own same she should so some such than that the their theirs them themselves then there these
  they this those through to too under until up very was we were what when where which while who
  whom why will with would you your yours yourself yourselves`.split(/\s+/),
);

/** The query's words as compared with the content's: lower-cased, stemmed, stop words dropped. */
export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => !STOP_WORDS.has(w)).map(stem))];
}

/** A light English suffix strip: enough to match "meetings" with "meeting" and "planned" with "plan". */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  const strip = (suffixes: readonly (readonly [string, string])[]) => {
    for (const [suffix, replacement] of suffixes) {
      if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
        w = w.slice(0, -suffix.length) + replacement;
        return;
      }
    }
  };
  if (!w.endsWith('ss'))
    strip([
      ['ies', 'y'],
      ['sses', 'ss'],
      ['es', ''],
      ['s', ''],
    ]);
  strip([
    ['ing', ''],
    ['ed', ''],
    ['ly', ''],
  ]);
  // planned → plann → plan; dancing → danc, and dance → danc below
  if (/([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}
