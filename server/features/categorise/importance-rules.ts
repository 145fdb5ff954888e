import type { Importance } from '../../../contract/traces.js';
import { stem, tokenise, wordList } from './text-features.js';

/**
 * Importance by explicit cues (docs/decisions/0007-auto-categorisation.md). On the training half a
 * learnt model did worse than these rules (0.65–0.73 against 0.79 in cross-validation): the
 * label depends on a few telling words, and a hundred notes are too few to learn them all.
 * - high: safety, health risk, credentials, hard rules and deadlines;
 * - low: tastes and trivia said in passing;
 * - otherwise medium, the spec's default.
 */
const HIGH = wordList(`
  allergic allergy anaphylaxis epipen severe emergency password passcode never must deadline
  diabetes pregnant medication dose dosage safety gas legal contract audit security visa claim
  surgery urgent important critical on-call due expire expires
`);
const LOW = wordList(`
  favourite favorite enjoy enjoys like likes love loves fan hobby collects trivia fun listens
  halfway playthrough earlier
`);
const HIGH_STEMS = new Set(HIGH.map(stem));
const LOW_STEMS = new Set(LOW.map(stem));

export function importanceOf(title: string | null, content: string): Importance {
  const stems = tokenise(`${title ?? ''} ${content}`).map(stem);
  if (stems.some((s) => HIGH_STEMS.has(s))) return 'high';
  if (stems.some((s) => LOW_STEMS.has(s))) return 'low';
  return 'medium';
}
