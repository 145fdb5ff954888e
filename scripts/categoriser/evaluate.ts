// How good the categoriser is on notes it never learnt from (ADR 0007): each memory store of
// tests/fixtures/memories is held out in turn (the model learns from notes.json's train half and
// the other stores), and notes.json's test half is judged by the model of all the stores. Every
// way of deciding is counted, so the shipped combination is chosen by these numbers, never by
// notes it was fitted on.
import { CATEGORIES, IMPORTANCES } from '../../contract/traces.js';
import { createCategoriser } from '../../server/features/categorise/categoriser.js';
import { hasRiskCue } from '../../server/features/categorise/importance-rules.js';
import { argmax, predictSoftmax } from '../../server/features/categorise/softmax-regression.js';
import { tagKey } from '../../server/features/categorise/tag-extraction.js';
import { featurise } from '../../server/features/categorise/text-features.js';
import {
  combineProbabilities,
  predictVectorSoftmax,
} from '../../server/features/categorise/vector-regression.js';
import type { EmbeddedNote } from './data.js';
import { importanceFeatures, TRAIN_OPTIONS, trainModel } from './train.js';

const round = (x: number) => Math.round(x * 1000) / 1000;

type Tally = Record<string, number>;

/** The experts' weights `--sweep` tries (a: lexical, b: vector), for category and importance. */
export const POOLING_GRID = [0.5, 0.75, 1, 1.25, 1.5];

/** Each held-out note judged by every way of deciding; tags through the real extraction. */
async function judge(
  model: ReturnType<typeof trainModel>,
  held: EmbeddedNote[],
  right: Tally,
  tags: Tally,
  sweep: boolean,
) {
  const count = (name: string, ok: boolean) => (right[name] = (right[name] ?? 0) + (ok ? 1 : 0));
  const categoriser = createCategoriser({ model, embeddingModel: model.vectors.model });
  for (const n of held) {
    const lexC = predictSoftmax(model.category.lexical, featurise(n.title, n.content));
    const vecC = predictVectorSoftmax(model.category.vector, n.vector);
    count('category.lexical', CATEGORIES[argmax(lexC)] === n.category);
    count('category.vector', CATEGORIES[argmax(vecC)] === n.category);
    count(
      'category.combined',
      CATEGORIES[argmax(combineProbabilities(lexC, vecC, model.category.pooling))] === n.category,
    );

    const risk = hasRiskCue(n.title, n.content);
    const lexI = predictSoftmax(model.importance.lexical, importanceFeatures(n));
    const vecI = predictVectorSoftmax(model.importance.vector, n.vector);
    const withRisk = (p: number[]) => (risk ? 'high' : IMPORTANCES[argmax(p)]);
    count('importance.riskRuleElseMedium', (risk ? 'high' : 'medium') === n.importance);
    count('importance.riskRule+lexical', withRisk(lexI) === n.importance);
    count('importance.riskRule+vector', withRisk(vecI) === n.importance);
    count(
      'importance.riskRule+combined',
      withRisk(combineProbabilities(lexI, vecI, model.importance.pooling)) === n.importance,
    );

    // "combined" above is the model's own weighting (TRAIN_OPTIONS.pooling).
    // p ∝ p_lexical^a · p_vector^b over the grid: the weights are chosen on the memory fixture held
    // out by store only (notes.json's test half is reported, never chosen on).
    if (sweep)
      for (const a of POOLING_GRID)
        for (const b of POOLING_GRID) {
          const w = { lexical: a, vector: b };
          count(
            `sweep.category.a${a}.b${b}`,
            CATEGORIES[argmax(combineProbabilities(lexC, vecC, w))] === n.category,
          );
          count(
            `sweep.importance.a${a}.b${b}`,
            withRisk(combineProbabilities(lexI, vecI, w)) === n.importance,
          );
        }

    // The categoriser itself, as create calls it: with the vector, and without (budget missed).
    for (const [way, vector] of [
      ['withVector', n.vector],
      ['lexicalOnly', undefined],
    ] as const) {
      const out = await categoriser.categorise(n, [], vector);
      count(`categoriser.${way}.category`, out.category === n.category);
      count(`categoriser.${way}.importance`, out.importance === n.importance);
      if (way === 'withVector') {
        const want = new Set(n.tags.map(tagKey));
        tags.predicted = (tags.predicted ?? 0) + out.tags.length;
        tags.matched = (tags.matched ?? 0) + out.tags.filter((t) => want.has(tagKey(t))).length;
        tags.labelled = (tags.labelled ?? 0) + want.size;
      }
    }
  }
}

function summary(right: Tally, tags: Tally, notes: number) {
  const out: Record<string, number> = { notes };
  for (const [k, v] of Object.entries(right)) out[k] = round(v / notes);
  out['tags.precision'] = round((tags.matched ?? 0) / Math.max(tags.predicted ?? 0, 1));
  out['tags.recall'] = round((tags.matched ?? 0) / Math.max(tags.labelled ?? 0, 1));
  return out;
}

/**
 * Held out by store: each memory store judged by a model that never saw it, and notes.json's
 * test half by one that saw every store (and notes.json's train half) but not it.
 */
export async function evaluate(notes: EmbeddedNote[], options = TRAIN_OPTIONS, sweep = false) {
  const stores = [...new Set(notes.filter((n) => n.store !== 'notes.json').map((n) => n.store))];
  const fitOn = notes.filter((n) => n.split === 'train');
  const right: Tally = {};
  const tags: Tally = {};
  for (const store of stores) {
    const model = trainModel(
      fitOn.filter((n) => n.store !== store),
      options,
    );
    await judge(
      model,
      notes.filter((n) => n.store === store),
      right,
      tags,
      sweep,
    );
  }
  const memoryNotes = notes.filter((n) => n.store !== 'notes.json').length;
  const testRight: Tally = {};
  const testTags: Tally = {};
  const testHalf = notes.filter((n) => n.store === 'notes.json' && n.split === 'test');
  await judge(trainModel(fitOn, options), testHalf, testRight, testTags, sweep);
  return {
    memoryFixtureHeldOutByStore: summary(right, tags, memoryNotes),
    notesJsonTestHalf: summary(testRight, testTags, testHalf.length),
  };
}
