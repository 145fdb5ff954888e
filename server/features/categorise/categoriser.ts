import type { Category, Importance } from '../../../contract/traces.js';
import { CATEGORIES } from '../../../contract/traces.js';
import trainedModel from './categoriser-model.json' with { type: 'json' };
import { importanceOf } from './importance-rules.js';
import { argmax, predictSoftmax, type SoftmaxModel } from './softmax-regression.js';
import { extractTags, type TagHints } from './tag-extraction.js';
import { featurise } from './text-features.js';

/**
 * Automatic categorisation (issue 4): category, importance and tags for a note that arrives
 * without them, computed in-process in well under a millisecond, with no network and no model
 * download (docs/decisions/0007-auto-categorisation.md).
 */
export type CategoriserModel = {
  /** Where the model came from; written by scripts/train-categoriser.ts. */
  trainedOn: string;
  category: SoftmaxModel<Category>;
  tagHints: TagHints;
};

export type Categorisation = { category: Category; importance: Importance; tags: string[] };

export type Categoriser = {
  /**
   * `userTags`: the tags this user already has (any order); reused when the note is about them.
   * Tags come back normalised as contract TagList does (trimmed, lower-case, ≤ 50 characters,
   * unique), 1 to 5 of them. Resolves, never rejects, for any content.
   */
  categorise(input: { title: string | null; content: string }, userTags: string[]): Promise<Categorisation>;
};

export function createCategoriser(deps: { model?: CategoriserModel } = {}): Categoriser {
  const model = deps.model ?? (trainedModel as CategoriserModel);
  if (model.category.labels.join() !== CATEGORIES.join()) {
    throw new Error(
      'categoriser-model.json is out of date: run node --import tsx scripts/train-categoriser.ts',
    );
  }
  return {
    categorise(input, userTags) {
      const probabilities = predictSoftmax(model.category, featurise(input.title, input.content));
      const category = CATEGORIES[argmax(probabilities)]!;
      const tags = extractTags(input, userTags, model.tagHints);
      return Promise.resolve({
        category,
        importance: importanceOf(input.title, input.content),
        // At least one tag: a note with no usable word ("!!!") is filed under its category.
        tags: tags.length > 0 ? tags : [category],
      });
    },
  };
}
