import { TRACE_LIMITS } from '../../../contract/traces.js';
import { stem, tokenise, wordList } from './text-features.js';

/**
 * Tags for a note, without any external service (docs/decisions/0007-auto-categorisation.md):
 * 1. the user's existing tags that the note mentions (same word stems, or a concept word for the
 *    tag, or a one-letter slip of a long tag), so tags converge instead of multiplying;
 * 2. concept tags a word implies though the note never says it ("daughter" → family);
 * 3. the note's own keywords, stop words left out, words that were tags in training first.
 * At most MAX_NEW_TAGS are invented and MAX_TAGS returned. May be empty (a note of symbols only).
 */
export type TagHints = {
  /** stem → tags that training notes containing it carried without saying them. */
  implies: Record<string, string[]>;
  /** stem → how often (0–1) the word was itself a tag when a training note used it. */
  tagRate: Record<string, number>;
};

export const MAX_NEW_TAGS = 2;
export const MAX_TAGS = 5;

/** Written from general knowledge, not from the labelled notes. */
const CONCEPTS: Record<string, string[]> = {
  family: wordList(`
    daughter son kid kids child children twins baby wife husband mum mom mother dad father sister
    brother parents grandparents grandma grandpa aunt uncle cousin niece nephew
  `),
  health: wordList(`
    doctor gp allergic allergy medication diabetes therapist therapy surgery physio hospital
    diagnosed insomnia prescription symptoms injury dentist
  `),
  travel: wordList(`
    flight flights trip hotel hotels holiday holidays airport visa itinerary
  `),
  pets: ['dog', 'cat', 'hamster', 'puppy', 'kitten', 'vet', 'pet'],
  deadline: ['deadline', 'due'],
  finance: ['budget', 'savings', 'deposit', 'mortgage', 'salary', 'invoice', 'tax', 'bank'],
  food: ['recipe', 'recipes', 'vegetarian', 'vegan', 'restaurant', 'cooking', 'dinner', 'lunch'],
  music: ['jazz', 'cello', 'piano', 'guitar', 'orchestra', 'band', 'album'],
  meetings: ['meeting', 'meetings', 'stand-up', 'standup', 'one-to-one', 'retro'],
  birthday: ['birthday'],
};
const CONCEPT_OF = new Map<string, string[]>();
for (const [tag, words] of Object.entries(CONCEPTS)) {
  for (const w of words) CONCEPT_OF.set(stem(w), [...(CONCEPT_OF.get(stem(w)) ?? []), tag]);
}

// English function words plus words that say how a memory was put, not what it is about.
const STOP = new Set(
  wordList(`a about above after again against all also am an and any are as at be because been before being
  below between both but by can can't could did do does doesn't doing don't down during each few for
  from further had has have having he her here hers herself him himself his how i i'd i'll i'm i've if
  in into is it it's its itself just let's me more most my myself no nor not now of off on once only or
  other our ours ourselves out over own same she should so some such than that the their theirs them
  themselves then there these they this those through to too under until up very was we we're were
  what when where which while who whom why will with would you your yours yourself user user's users
  prefers prefer prefered likes like liked loves love enjoys enjoy wants want rather always never every
  please use uses using keep make makes made get gets got go goes going went say says said tell told
  know thing things something anything everything really quite much many lot lots one two three four
  five six seven eight nine ten first second third last next new old good great little big small
  still currently already yet soon today tonight yesterday tomorrow week weeks month months year years
  day days time times morning evening night nights around usually often sometimes probably maybe
  need needs needed should must may might also even ever far left done half way since until unless
  than though although whether per via etc don't doesn't didn't isn't aren't wasn't won't can't
  take takes took give gives gave put puts called call calls works work's start starts started
  january february march april may june july august september october november december monday
  tuesday wednesday thursday friday saturday sunday weekend everywhere especially anywhere somewhere
  instead together without within against towards across number default general free`),
);

/** Words that are never tags on their own (the trainer skips them too). */
export function isStopWord(word: string): boolean {
  return STOP.has(word) || word.length < 3 || /^\d/.test(word);
}

export function normaliseTag(tag: string): string {
  return tag.trim().toLowerCase().slice(0, TRACE_LIMITS.tagMax).trim();
}

export function extractTags(
  note: { title: string | null; content: string },
  userTags: readonly string[],
  hints: TagHints,
): string[] {
  const words = tokenise(`${note.title ?? ''} ${note.content}`);
  const stems = new Set(words.map(stem));
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

  // 1. The user's own tags, when the note is about them.
  const implied = new Set<string>();
  for (const s of stems)
    for (const t of [...(CONCEPT_OF.get(s) ?? []), ...(hints.implies[s] ?? [])]) implied.add(t);
  const near = nearWords(words);
  for (const tag of userTags) {
    const t = normaliseTag(tag);
    const parts = tokenise(t).map(stem);
    const mentioned = parts.length > 0 && parts.every((p) => stems.has(p));
    if (mentioned || implied.has(t) || (t.length >= 6 && near(t))) add(t);
  }

  // 2 and 3. New tags: concepts, then keywords ranked by how tag-like they are.
  let fresh = 0;
  const addNew = (t: string) => {
    if (fresh < MAX_NEW_TAGS && add(t)) fresh++;
  };
  for (const t of [...implied].sort()) addNew(t);
  const keywords = rankKeywords(words, hints);
  for (const k of keywords) addNew(k);
  return out;
}

/** Content words, most tag-like first; ties keep the order of first appearance. */
function rankKeywords(words: string[], hints: TagHints): string[] {
  const seen = new Map<string, { word: string; score: number; at: number }>();
  words.forEach((w, at) => {
    if (isStopWord(w) || w.endsWith('ly')) return;
    const s = stem(w);
    if (seen.has(s)) return;
    // A word people tagged before counts most; longer words tend to be topics, short ones glue;
    // past participles ("booked", "deployed") and verb forms are seldom what a note is about.
    const verbish = /(ed|ing)$/.test(w) && !(hints.tagRate[s] ?? 0) ? 0.6 : 0;
    const score = (hints.tagRate[s] ?? 0) * 2 + Math.min(w.length, 10) / 10 - verbish;
    seen.set(s, { word: w.replace(/'s$/, ''), score, at });
  });
  return [...seen.values()].sort((a, b) => b.score - a.score || a.at - b.at).map((k) => k.word);
}

/** Tags that differ only by plural or case are one tag. */
export function tagKey(tag: string): string {
  return tokenise(tag).map(stem).join('-');
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
