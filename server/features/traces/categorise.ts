import {
  CATEGORIES,
  type Category,
  characterCount,
  IMPORTANCES,
  type Importance,
  TRACE_LIMITS,
} from '../../../contract/traces.js';

export type Categorisation = { category: Category; importance: Importance; tags: string[] };

/**
 * Automatic categorisation (ADR 0007): suggests what a create left out. `userTags` are the user's
 * existing tags, most used first, so suggestions reuse their vocabulary. `vector`: the trace's
 * embedding when create has one (the categoriser reads it only if it comes from the model it was
 * trained on); without it the suggestion comes from the words alone.
 */
export type Categorise = (
  input: { title: string | null; content: string },
  userTags: string[],
  vector?: readonly number[],
) => Promise<Categorisation>;

/** The defaults: what a trace gets when nothing better is known. */
export const SPEC_DEFAULTS: Categorisation = { category: 'context', importance: 'medium', tags: [] };

/**
 * A suggestion made safe to store: unknown values fall back to the defaults and tags are
 * normalised like typed ones (trimmed, lower-cased, de-duplicated) with the ones over a limit
 * dropped. A categoriser's mistake must never fail a create.
 */
export function sanitiseCategorisation(suggested: Partial<Categorisation> | undefined): Categorisation {
  const category = CATEGORIES.find((c) => c === suggested?.category) ?? SPEC_DEFAULTS.category;
  const importance = IMPORTANCES.find((i) => i === suggested?.importance) ?? SPEC_DEFAULTS.importance;
  const tags = new Set<string>();
  for (const raw of Array.isArray(suggested?.tags) ? suggested.tags : []) {
    if (typeof raw !== 'string') continue;
    const tag = raw.trim().toLowerCase();
    if (!tag || tag.includes(',') || tag.includes('\u0000')) continue;
    if (characterCount(tag) > TRACE_LIMITS.tagMax) continue;
    tags.add(tag);
  }
  return { category, importance, tags: [...tags].slice(0, TRACE_LIMITS.tagsMax) };
}
