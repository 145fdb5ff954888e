import type { FastifyBaseLogger } from 'fastify';
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

/** What a create asks for; a field left out or set to "auto" is the categoriser's to choose. */
type Requested = { category?: Category | 'auto'; importance?: Importance | 'auto'; tags?: string[] };

/** Whether a create left anything to the categoriser (then it also needs the user's tags). */
export function leavesSomethingToSuggest(body: Requested): boolean {
  return (
    !body.tags || !body.category || body.category === 'auto' || !body.importance || body.importance === 'auto'
  );
}

/**
 * The category, importance and tags to store: what the create asked for, and for the rest the
 * categoriser's suggestion (asked only when something was left to it). A categoriser that fails
 * never fails the create: the defaults stand in, and the failure is logged.
 */
export async function resolveCategorisation(
  body: Requested,
  ask: () => Promise<Partial<Categorisation>>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Categorisation> {
  let suggested = SPEC_DEFAULTS;
  if (leavesSomethingToSuggest(body)) {
    try {
      suggested = sanitiseCategorisation(await ask());
    } catch (err) {
      log.warn({ err }, 'categorisation failed; using the defaults');
    }
  }
  return {
    category: body.category && body.category !== 'auto' ? body.category : suggested.category,
    importance: body.importance && body.importance !== 'auto' ? body.importance : suggested.importance,
    tags: body.tags ?? suggested.tags,
  };
}
