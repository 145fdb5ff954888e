import { TRACE_LIMITS } from '../../../contract/traces.js';
import { conceptTags } from './concept-map.js';
import { nounPhrases } from './noun-phrases.js';
import { stem, tokenise } from './text-features.js';

/**
 * Tags for a note, without any external service (docs/decisions/0007-auto-categorisation.md),
 * from three sources only, so a tag is never a lone word cut from a phrase ("flat" from "flat
 * white", "family" from "as a child"):
 * 1. the user's existing tags that the note names (a multi-word tag as the same words in a row,
 *    or a concept it implies, or a one-letter slip of a long tag), so tags converge;
 * 2. concept tags: the hand-written concept map, plus the few word → tag pairs the trainer found
 *    in the train half;
 * 3. multi-word noun phrases of the note that were tags in training, unless the title already
 *    says them word for word.
 * At most MAX_NEW_TAGS are invented and MAX_TAGS returned. May be empty.
 */
export type TagHints = {
  /** stem → tags that training notes containing it carried without saying them. */
  implies: Record<string, string[]>;
  /** tag key of a noun phrase → how often (0–1) it was a tag when a training note held it. */
  phraseRate: Record<string, number>;
};

export const MAX_NEW_TAGS = 2;
export const MAX_TAGS = 5;
/** A phrase this often a tag in training is one again. */
export const PHRASE_RATE_MIN = 0.5;

export function normaliseTag(tag: string): string {
  return tag.trim().toLowerCase().slice(0, TRACE_LIMITS.tagMax).trim();
}

/**
 * Tags come from the title and the first TAG_TEXT_CHARS characters of the content: where a note
 * names its topics, and it bounds the cost for the longest note the contract allows (20,000
 * characters, for a user with a thousand tags: see the bench).
 */
export const TAG_TEXT_CHARS = 4_000;

function opening(content: string): string {
  if (content.length <= TAG_TEXT_CHARS) return content;
  const cut = content.lastIndexOf(' ', TAG_TEXT_CHARS);
  return content.slice(0, cut > TAG_TEXT_CHARS / 2 ? cut : TAG_TEXT_CHARS);
}

/** Tags that differ only by plural, case or spaces-versus-hyphens are one tag. */
export function tagKey(tag: string): string {
  return tokenise(tag.replace(/[\s_]+/g, ' '))
    .flatMap((w) => w.split('-'))
    .map(stem)
    .join('-');
}

/** A noun phrase as a tag: its words joined by hyphens ("code review" → "code-review"). */
export const phraseTag = (phrase: string) => phrase.replace(/'s\b/g, '').split(' ').join('-');

export function extractTags(
  note: { title: string | null; content: string },
  userTags: readonly string[],
  hints: TagHints,
): string[] {
  const content = opening(note.content);
  const text = `${note.title ?? ''}\n${content}`;
  const words = tokenise(text);
  const stemSeq = words.map(stem);
  const phrases = nounPhrases(`${note.title ?? ''}. ${content}`);
  const out: string[] = [];
  const taken = new Set<string>();
  const add = (tag: string) => {
    const t = normaliseTag(tag);
    const key = tagKey(t) || t;
    if (!t || taken.has(key) || out.length >= MAX_TAGS) return false;
    taken.add(key);
    out.push(t);
    return true;
  };

  // Concepts: from the map, then what training learnt. A concept a word implies is no fragment
  // ("dentist appointment" is about health); where context matters, the map says so.
  const concepts = conceptTags(words);
  for (const s of new Set(stemSeq)) {
    for (const t of hints.implies[s] ?? []) if (!concepts.includes(t)) concepts.push(t);
  }
  // User tags are matched on the words as written, plurals folded: "booked" does not name a book.
  const folded = words.map(foldPlural);
  const standalone = standaloneWords(folded, phrases);

  // 1. The user's own tags, when the note is about them.
  // Capitalised inside a sentence (not its first word): a name. Found only if a tag asks.
  let capitalised: Set<string> | undefined;
  const isName = (s: string) =>
    (capitalised ??= new Set(
      (text.match(/[\p{L}\p{N},)'] +\p{Lu}[\p{L}\p{N}]*/gu) ?? []).map((m) =>
        foldPlural(m.split(' ').at(-1)!.toLowerCase()),
      ),
    )).has(s);
  const at = positions(folded);
  const near = nearWords(words);
  const conceptKeys = new Set(concepts.map(tagKey));
  for (const tag of userTags) {
    const { t, key, parts, slipCheck } = userTagForm(tag);
    if (parts.length === 0) continue;
    // A one-word tag needs the word on its own, or as a name ("the Acme report"), not as the
    // modifier of a phrase ("flat" in "flat white").
    const named =
      parts.length === 1 ? standalone.has(parts[0]!) || isName(parts[0]!) : containsRun(folded, at, parts);
    if (named || conceptKeys.has(key) || (slipCheck && near(t))) add(t);
  }

  // 2 and 3. New tags: concepts first, then noun phrases people tagged before. A phrase made only
  // of the title's words is no tag: it repeats what the note already says (#code-review-style on
  // "Code review style"), and filters by nothing the title does not.
  let fresh = 0;
  const addNew = (t: string) => {
    if (fresh < MAX_NEW_TAGS && add(t)) fresh++;
  };
  for (const t of concepts) addNew(t);
  const titleWords = new Set(note.title ? tokenise(note.title).map(stem) : []);
  for (const p of phrases) {
    const rate = hints.phraseRate[tagKey(phraseTag(p))] ?? 0;
    const echoesTitle = p.split(' ').every((w) => titleWords.has(stem(w)));
    if (rate >= PHRASE_RATE_MIN && !echoesTitle) addNew(phraseTag(p));
  }
  return out;
}

/**
 * A user tag's normalised form, key and words (plurals folded), kept across calls: a user's tags
 * are the same from one create to the next, and a thousand of them would otherwise cost more than
 * the rest of the categoriser. Bounded: cleared when full.
 */
type UserTagForm = { t: string; key: string; parts: string[]; slipCheck: boolean };
const userTagForms = new Map<string, UserTagForm>();
const USER_TAG_FORMS_MAX = 20_000;

function userTagForm(tag: string): UserTagForm {
  let form = userTagForms.get(tag);
  if (!form) {
    const t = normaliseTag(tag);
    const words = tokenise(t.replace(/[\s_]+/g, ' ')).flatMap((w) => w.split('-'));
    form = {
      t,
      key: words.map(stem).join('-'),
      parts: words.map(foldPlural),
      // A typing slip is looked for only in a long single word ("kubernets" for "kubernetes").
      slipCheck: t.length >= 6 && /^\p{L}+$/u.test(t),
    };
    if (userTagForms.size >= USER_TAG_FORMS_MAX) userTagForms.clear();
    userTagForms.set(tag, form);
  }
  return form;
}

/** A word without its plural or possessive ending: "hotels" → "hotel", "mum's" → "mum". */
export function foldPlural(word: string): string {
  const w = word.replace(/'s$/, '');
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/**
 * Words (plurals folded) that stand on their own: every word except those that occur only as
 * the modifier inside a noun phrase ("flat" in "flat white" names no flat).
 */
function standaloneWords(folded: readonly string[], phrases: readonly string[]): Set<string> {
  const modifierUses = new Map<string, number>();
  for (const p of phrases) {
    for (const w of p.split(' ').slice(0, -1).map(foldPlural))
      modifierUses.set(w, (modifierUses.get(w) ?? 0) + 1);
  }
  const uses = new Map<string, number>();
  for (const w of folded) uses.set(w, (uses.get(w) ?? 0) + 1);
  return new Set([...uses].filter(([w, n]) => n > (modifierUses.get(w) ?? 0)).map(([w]) => w));
}

/** Where each stem occurs, so a user with a thousand tags costs a lookup per tag, not a scan. */
function positions(seq: readonly string[]): Map<string, number[]> {
  const at = new Map<string, number[]>();
  seq.forEach((s, i) => {
    const list = at.get(s);
    if (list) list.push(i);
    else at.set(s, [i]);
  });
  return at;
}

function containsRun(seq: readonly string[], at: Map<string, number[]>, run: readonly string[]): boolean {
  return (at.get(run[0]!) ?? []).some((i) => run.every((s, j) => seq[i + j] === s));
}

/**
 * "Is a word of the note at most one typing slip away from this tag?" (one letter added, missing
 * or changed; a swap of neighbours counts too). Symmetric-delete index: two words are that close
 * exactly when they are equal, one is the other minus a letter, or both minus a letter at the same
 * place are equal. Built once per note from its first NEAR_WORDS distinct words (the title and
 * the opening, where a topic is named; the index costs ~1 µs per letter), each question costs
 * O(tag length) lookups, so a user with thousands of tags and a 20,000-character note stays fast.
 */
const NEAR_WORDS = 400;

function nearWords(words: readonly string[]): (tag: string) => boolean {
  let index: { whole: Set<string>; deleted: Set<string> } | undefined;
  return (tag) => {
    if (!index) {
      index = { whole: new Set(), deleted: new Set() };
      for (const w of words) {
        if (w.length < 5 || index.whole.has(w)) continue;
        if (index.whole.size >= NEAR_WORDS) break;
        index.whole.add(w);
        if (w.length >= 6) for (const d of deletions(w)) index.deleted.add(d);
      }
    }
    if (index.whole.has(tag) || index.deleted.has(tag)) return true;
    return deletions(tag).some((d) => index!.whole.has(d) || index!.deleted.has(d));
  };
}

function deletions(word: string): string[] {
  return Array.from(word, (_, i) => word.slice(0, i) + word.slice(i + 1));
}
