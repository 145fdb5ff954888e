import { stem, tokenise, wordList } from './text-features.js';

/**
 * The risk rules of importance (docs/decisions/0007-auto-categorisation.md): a note that names a
 * risk to health or safety, a secret, a hard rule or a dated obligation is `high` whatever the
 * trained model says, because an assistant that forgets it can do harm. Written from general
 * knowledge as whole phrases, so context counts: "GP surgery" is a place, not an operation; "the
 * manuscript is due in October" is a plan, "due on 14 October" an obligation; "isn't an allergy"
 * is not one.
 */
const RISK_PATTERNS: RegExp[] = [
  // Health: conditions where a wrong suggestion (food, drug, activity) can hurt.
  /(?<!\b(isn't|not|no) (an? )?)\b(allerg(y|ies|ic)|anaphyla\w*|epi-?pens?|asthma\w*|inhalers?|epilep\w*|seizures?|diabet\w*|insulin)\b/,
  /\b(coeliac|celiac|warfarin|anticoagulants?|blood thinners?|pacemaker|heart condition|eating disorder)\b/,
  /\b(pregnan\w*|due date|biopsy|cancer|chemo\w*|dialysis|overdose|medical alert)\b/,
  /\b(?<!gp |dental |the surgery's |doctor's )surgery\b/,
  /\b(maximum|max|no more than|at least) [\w\s,]{0,20}(doses?|mg|tablets?)\b/,
  /\b(do not|don't|never) (suggest|give|recommend|offer)\b/,
  // Safety.
  /\b(emergency|carbon monoxide|gas (leak|valve|shut-?off)|shut-?off valve|fire (alarm|escape|exit))\b/,
  // Secrets and access.
  /\b(passwords?|passcodes?|pin code|credentials|secrets?|api keys?|private keys?|ssh keys?|recovery codes?)\b/,
  // Hard rules.
  /\b(never|must not|mustn't|under no circumstances)\b/,
  // Obligations with a date or a penalty.
  /\b(deadline|penalty|must be (submitted|filed|signed|returned|paid|done|live)|renews automatically)\b/,
  /\bdue (on |by )?((mon|tues|wednes|thurs|fri|satur|sun)day|\d{1,2}(st|nd|rd|th)?\b)/,
  // A commitment with a date: "must be finished by December 15", "need to send it before Friday".
  /\b(must|has to|have to|needs? to|got to)( \w+){0,4} (by|before|no later than) ((mon|tues|wednes|thurs|fri|satur|sun)day|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*|\d{1,2}(st|nd|rd|th)?\b|(the )?end of)/,
  /\bno later than\b/,
  // Legal standing.
  /\b(nda|lawsuit|legal|visa|tax return|audit|compliance)\b/,
];

/** Whether the note names an explicit risk, secret, hard rule or dated obligation. */
export function hasRiskCue(title: string | null, content: string): boolean {
  const text = tokenise(`${title ?? ''} ${content}`).join(' ');
  return RISK_PATTERNS.some((p) => p.test(text));
}

/**
 * Words of tastes and trivia said in passing. Not a rule (a learnt model weighs them against
 * everything else the note says): each fires the `#taste` feature of the importance model.
 */
const TASTE_STEMS = new Set(
  wordList(`
  favourite favorite enjoy enjoys like likes love loves fan hobby hobbies collects trivia fun
  listens playthrough
`).map(stem),
);

/** Features no single learnt word carries: the risk rule and the taste words, as cues. */
export function importanceCues(title: string | null, content: string): string[] {
  const cues: string[] = [];
  if (hasRiskCue(title, content)) cues.push('#risk');
  if (tokenise(`${title ?? ''} ${content}`).some((w) => TASTE_STEMS.has(stem(w)))) cues.push('#taste');
  return cues;
}
