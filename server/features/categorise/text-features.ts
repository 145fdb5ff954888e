/**
 * Text → tokens → features for the categoriser. Shared by the trainer (scripts/train-categoriser.ts)
 * and the runtime model, so a feature means the same thing in both.
 */

/** Lower-cased word tokens; apostrophes kept inside words ("don't", "mum's"). */
export function tokenise(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[\p{L}\p{N}]+(?:['.-][\p{L}\p{N}]+)*/gu) ?? []
  );
}

/** A word list written as text, so it stays compact and readable. */
export const wordList = (list: string): string[] => list.trim().split(/\s+/);

/**
 * A light stemmer (plural and verb endings) so "prefers"/"preferred"/"prefer" share evidence.
 * Deliberately crude: the model only needs consistency, not linguistics.
 */
export function stem(word: string): string {
  if (/^\d/.test(word)) return '<num>';
  let w = word.replace(/'s$/, '').replace(/'/g, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

const FIRST_PERSON = new Set(
  wordList(`
  i i'm i've i'd i'll me my mine we we're our us
`),
);
const THIRD_PERSON = new Set(['user', "user's", 'he', 'she', "he's", "she's", 'his', 'her', 'they']);

/**
 * Hand-written cue words per category, from general knowledge of what people ask assistants to
 * remember (not from the labelled notes): a training set of a hundred notes cannot have seen every
 * word for "family" or "deadline", so each cue word also fires one shared `#cue-<category>`
 * feature, whose weight is learnt from the training half like any other.
 */
const CUES: Record<string, string[]> = {
  personal: wordList(`
    family daughter son kid child children baby wife husband partner mum mom mother dad father
    sister brother parent grandparent grandma grandpa aunt uncle cousin born birthday anniversary
    married wedding divorce health allergic allergy diagnos doctor medication pregnant diabete
    therapy therapist surgery injury hospital pet dog cat home flat house grew childhood hobby
    passport religion neighbour friend live moved
  `),
  work: wordList(`
    work job team manager boss colleague client customer project deadline due meeting stand-up
    office company employer hire hiring interview promotion salary contract invoice budget quarter
    q1 q2 q3 q4 okr roadmap release launch sprint report board stakeholder engineer developer career
    business startup sale revenue audit compliance shift freelance teach student publisher
    supervisor thesi grant conference on-call incident
  `),
  preference: wordList(`
    prefer like love enjoy hate dislike favourite favorite rather want wish avoid always never don't
    please should instead fan style tone keep use stand choose only skip annoy best worst
  `),
  fact: wordList(`
    default cost mean take metre meter per each maximum minimum limit located number code address
    phone open close runs run version port height high year hour minute policy warranty valve about
    approximately roughly called complet built discover capital population
  `),
  context: wordList(`
    currently still next waiting halfway planning working progress left so far done today tonight
    yesterday tomorrow week weekend earlier later trying draft drafting middle now step ongoing
    pending open shortlist comparing deciding decision session continue resume revising preparing
    setting organising chasing debugging
  `),
};
const CUE_INDEX = new Map<string, string[]>();
for (const [category, words] of Object.entries(CUES)) {
  for (const w of words) CUE_INDEX.set(stem(w), [...(CUE_INDEX.get(stem(w)) ?? []), `#cue-${category}`]);
}

/**
 * Bag of features: stemmed unigrams, stemmed bigrams, and a few cues no single word carries
 * (who the note is about, whether it holds a date or a number, how long it is).
 */
export function featurise(title: string | null, content: string): string[] {
  const words = tokenise(`${title ?? ''} ${content}`);
  const stems = words.map(stem);
  const out = new Set<string>();
  stems.forEach((s, i) => {
    out.add(s);
    if (i > 0) out.add(`${stems[i - 1]}_${s}`);
  });
  for (const s of stems) for (const cue of CUE_INDEX.get(s) ?? []) out.add(cue);
  if (words.some((w) => FIRST_PERSON.has(w))) out.add('#first-person');
  if (words.some((w) => THIRD_PERSON.has(w))) out.add('#third-person');
  if (stems.includes('<num>')) out.add('#number');
  if (/\b(19|20)\d\d\b|\b\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i.test(content)) {
    out.add('#date');
  }
  out.add(words.length <= 12 ? '#short' : words.length <= 30 ? '#medium-length' : '#long');
  return [...out];
}
