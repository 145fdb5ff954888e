import type { Category, Importance } from '../../../contract/traces.js';
import { CATEGORIES, IMPORTANCES } from '../../../contract/traces.js';
import trainedModel from './categoriser-model.json' with { type: 'json' };
import { hasRiskCue, importanceCues } from './importance-rules.js';
import { argmax, predictSoftmax, type SoftmaxModel } from './softmax-regression.js';
import { extractTags, type TagHints } from './tag-extraction.js';
import { featurise } from './text-features.js';
import {
  combineProbabilities,
  type ExpertWeights,
  predictVectorSoftmax,
  type VectorModel,
} from './vector-regression.js';

/**
 * Automatic categorisation: category, importance and tags for a note that arrives without them,
 * computed in-process with no network and no model download
 * (docs/decisions/0007-auto-categorisation.md). With the trace's vector from the bundled
 * embedding model, a second model reads the meaning; without one, the lexical model answers alone.
 */
export type CategoriserModel = {
  /** Where the model came from; written by scripts/train-categoriser.ts. */
  trainedOn: string;
  /** What it was trained from (scripts/categoriser/train.ts trainingFingerprint): a stale model shows. */
  fingerprint?: string;
  /** The embedding model whose vectors the vector models were trained on (the bundled one). */
  vectors: { model: string; dimension: number };
  /**
   * `pooling`: the two experts' weights when there is a vector, p ∝ p_lexical^w.lexical ·
   * p_vector^w.vector, chosen per task on the memory fixture held out by store (ADR 0007).
   */
  category: { lexical: SoftmaxModel<Category>; vector: VectorModel<Category>; pooling: ExpertWeights };
  importance: { lexical: SoftmaxModel<Importance>; vector: VectorModel<Importance>; pooling: ExpertWeights };
  tagHints: TagHints;
};

/** A weight an expert can have: a finite number above 0 (0 would silence it, < 0 invert it). */
const isWeight = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x > 0;
const validPooling = (w: ExpertWeights | undefined) =>
  typeof w === 'object' && w !== null && isWeight(w.lexical) && isWeight(w.vector);

export type Categorisation = { category: Category; importance: Importance; tags: string[] };

export type Categoriser = {
  /**
   * `userTags`: the tags this user already has (any order); reused when the note is about them.
   * `vector`: the note's embedding (title and content, as the search index embeds them), used
   * only if it comes from the model the weights were trained on (see `embeddingModel`).
   * Tags come back normalised as contract TagList does (trimmed, lower-case, ≤ 50 characters,
   * unique), 1 to 5 of them. Resolves, never rejects, for any content.
   */
  categorise(
    input: { title: string | null; content: string },
    userTags: string[],
    vector?: readonly number[],
  ): Promise<Categorisation>;
};

export type CategoriserDeps = {
  model?: CategoriserModel;
  /**
   * Id of the embedder whose vectors `categorise` will be given (`Embedder.modelId`). Vectors are
   * read only when it is the model the weights were trained on: another model's vectors (an
   * OpenAI-compatible server through EMBEDDINGS_URL) have another length or another meaning, so
   * then the lexical model answers alone.
   */
  embeddingModel?: string;
};

export function createCategoriser(deps: CategoriserDeps = {}): Categoriser {
  const model = deps.model ?? (trainedModel as CategoriserModel);
  if (
    model.category.lexical?.labels.join() !== CATEGORIES.join() ||
    model.category.vector?.labels.join() !== CATEGORIES.join() ||
    model.importance?.lexical?.labels.join() !== IMPORTANCES.join() ||
    model.importance.vector?.labels.join() !== IMPORTANCES.join()
  ) {
    throw new Error('categoriser-model.json is out of date: run npm run train:categoriser');
  }
  // No silent default: a model without its experts' weights is one the trainer did not write.
  if (!validPooling(model.category.pooling) || !validPooling(model.importance.pooling)) {
    throw new Error(
      'categoriser-model.json is out of date: category.pooling and importance.pooling need finite ' +
        'lexical and vector weights above 0; run npm run train:categoriser',
    );
  }
  const vectorsUsable = deps.embeddingModel === model.vectors.model;
  const usable = (vector: readonly number[] | undefined): vector is readonly number[] =>
    vectorsUsable &&
    Array.isArray(vector) &&
    vector.length === model.vectors.dimension &&
    vector.every((x) => typeof x === 'number' && Number.isFinite(x));

  return {
    categorise(input, userTags, vector) {
      const meaning = usable(vector) ? vector : undefined;
      const features = featurise(input.title, input.content);

      let categoryP = predictSoftmax(model.category.lexical, features);
      if (meaning)
        categoryP = combineProbabilities(
          categoryP,
          predictVectorSoftmax(model.category.vector, meaning),
          model.category.pooling,
        );
      const category = CATEGORIES[argmax(categoryP)]!;

      // The risk rules first: a named risk is high whatever the model thinks of the rest.
      let importance: Importance = 'high';
      if (!hasRiskCue(input.title, input.content)) {
        let p = predictSoftmax(model.importance.lexical, [
          ...features,
          ...importanceCues(input.title, input.content),
        ]);
        if (meaning)
          p = combineProbabilities(
            p,
            predictVectorSoftmax(model.importance.vector, meaning),
            model.importance.pooling,
          );
        importance = IMPORTANCES[argmax(p)]!;
      }

      // No tag rather than a guessed one: a note that names no concept gets none (the person or
      // the assistant can add some), never its category or a word cut out of a phrase.
      const tags = extractTags(input, userTags, model.tagHints);
      return Promise.resolve({ category, importance, tags });
    },
  };
}
