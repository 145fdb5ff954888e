import { wordList } from './text-features.js';

/**
 * Multi-word noun phrases ("flat white", "code review", "half marathon"), without a part-of-speech
 * model: within a clause, a run of content words, trimmed of verb-like words at the front and
 * adjective- or verb-like words at the back. A phrase is a tag candidate as a whole, never cut into
 * its words: "flat" alone is a different thing from "flat white".
 */
export const MIN_PHRASE_WORDS = 2;
export const MAX_PHRASE_WORDS = 3;

// Function words, pronouns, and words that say how something was put rather than what it is.
const GLUE = new Set(
  wordList(`a about above after again against all also am an and any are as at be because been before
  being below between both but by can can't could did do does doesn't doing don't down during each
  few for from further had has have having he her here hers herself him himself his how i i'd i'll
  i'm i've if in into is it it's its itself just let's me more most my myself no nor not now of off
  on once only or other our ours ourselves out over own same she should so some such than that the
  their theirs them themselves then there these they this those through to too under until up very
  was we we're were what when where which while who whom why will with would you your yours
  yourself user user's users prefers prefer preferred likes like liked loves love enjoys enjoy wants
  want wanted rather always never every please use uses using keep keeps make makes made get gets
  got go goes going went say says said tell told know thing things something anything everything
  really quite much many lot lots still currently already yet soon today tonight yesterday tomorrow
  maybe probably usually often sometimes need needs needed must may might even ever far since unless
  though although whether per via etc didn't isn't aren't wasn't won't take takes took give gives
  gave put puts call calls called works worked start starts started next last first second third
  new old good great little big small own sure each every instead without within across around
  away back later earlier ago almost nearly well better best worse worst less least enough same
  different one two three four five six seven eight nine ten week weeks month months year
  years day days time times morning evening night nights weekend january february march april june
  july august september october november december monday tuesday wednesday thursday friday
  saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays am pm can't
  cannot does doesn't done hates hate dislikes dislike stand wish hope try trying tries tried`),
);

// Adjectives of opinion, size, age or degree: they qualify a phrase rather than name it.
const QUALIFIERS = new Set(
  wordList(`quiet loud busy cheap expensive nice lovely awful bad strong weak mild severe short long
  early late high low full empty main whole entire free open closed usual normal general default
  favourite favorite important urgent simple easy hard difficult quick slow fast large huge tiny
  young older elderly recent current previous next certain particular proper real total extra
  only various several spare`),
);

// Common verbs in their base or -s form that a bag of words cannot tell from nouns by ending.
const VERBS = new Set(
  wordList(`is are was were be has have had do does did goes runs run lives live moved move works
  needs wants likes loves hates prefers uses drinks eats takes gives makes plays drives rides holds
  keeps sees see look looks asked ask share shares sent send book books booked arrive arrives leave
  leaves reach reaches starts ends opens closes open close allow allows sits lies come comes help
  helps carries carry wears wear reads read writes write speaks speak says grew grows grow sees`),
);

const isNumberish = (w: string) => /\d/.test(w);

/** A word that says nothing on its own about what a note is about (the trainer skips it too). */
export const isGlueWord = (w: string) => GLUE.has(w) || QUALIFIERS.has(w) || w.length < 3 || isNumberish(w);
const isAdverb = (w: string) =>
  w.length > 4 && w.endsWith('ly') && !/(family|supply|assembly|italy|july)$/.test(w);
const isVerbish = (w: string) =>
  VERBS.has(w) || (/(ed)$/.test(w) && w.length > 4 && !/(bed|red|need|seed|speed|feed|breed|shed)$/.test(w));
const looksAdjective = (w: string) => QUALIFIERS.has(w) || /(ous|ful|ive|able|ible|less|ish)$/.test(w);
/** -ing words are nouns often enough ("wedding", "meeting") to be kept inside, not at the front. */
const isGerund = (w: string) => w.length > 5 && w.endsWith('ing');

/** Lower-case word runs split at punctuation and conjunctions: the places a phrase cannot span. */
function clauses(text: string): string[][] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/[.,;:!?()[\]{}"“”—–/|]+|\s-\s|\b(?:and|or|but|nor)\b/)
    .map((part) => part.match(/[\p{L}\p{N}]+(?:['.-][\p{L}\p{N}]+)*/gu) ?? [])
    .filter((words) => words.length > 0);
}

/**
 * Noun phrases of 2–3 words in order of first appearance, each as its words joined by a space,
 * deduplicated. A longer run keeps its last three words (the head and its nearest modifiers).
 */
export function nounPhrases(text: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const words of clauses(text)) {
    let run: string[] = [];
    const flush = () => {
      let phrase = run;
      while (
        phrase.length > 0 &&
        (isVerbish(phrase[0]!) || isGerund(phrase[0]!) || looksAdjective(phrase[0]!))
      ) {
        phrase = phrase.slice(1);
      }
      while (phrase.length > 0 && (isVerbish(phrase.at(-1)!) || looksAdjective(phrase.at(-1)!))) {
        phrase = phrase.slice(0, -1);
      }
      phrase = phrase.slice(-MAX_PHRASE_WORDS);
      const joined = phrase.join(' ');
      if (phrase.length >= MIN_PHRASE_WORDS && !seen.has(joined)) {
        seen.add(joined);
        out.push(joined);
      }
      run = [];
    };
    for (const w of words) {
      const glue = GLUE.has(w) || w.length < 2 || isNumberish(w) || isAdverb(w);
      // A verb inside a run ends the phrase before it ("team owns repos" is two things).
      if (glue || (run.length > 0 && VERBS.has(w))) flush();
      else run.push(w);
    }
    flush();
  }
  return out;
}
