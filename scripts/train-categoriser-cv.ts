// 5-fold cross-validation of the categoriser on the TRAIN half only (scripts/train-categoriser.ts
// --cv): how each part does alone and combined, for the settings in the ADR. Folds by position
// (note i is in fold i mod 5), so every run sees the same folds.
import { CATEGORIES, IMPORTANCES } from '../contract/traces.js';
import { createCategoriser } from '../server/features/categorise/categoriser.js';
import { hasRiskCue } from '../server/features/categorise/importance-rules.js';
import { argmax, predictSoftmax } from '../server/features/categorise/softmax-regression.js';
import { tagKey } from '../server/features/categorise/tag-extraction.js';
import { featurise } from '../server/features/categorise/text-features.js';
import {
  combineProbabilities,
  predictVectorSoftmax,
} from '../server/features/categorise/vector-regression.js';
import { type EmbeddedNote, importanceFeatures, TRAIN_OPTIONS, trainModel } from './train-categoriser.js';

const FOLDS = 5;
const round = (x: number) => Math.round(x * 1000) / 1000;

function folds(train: EmbeddedNote[]) {
  return Array.from({ length: FOLDS }, (_, f) => ({
    fit: train.filter((_, i) => i % FOLDS !== f),
    held: train.filter((_, i) => i % FOLDS === f),
  }));
}

/** Accuracy of each way of deciding, over all held-out folds, for one set of options. */
async function evaluate(train: EmbeddedNote[], options = TRAIN_OPTIONS) {
  const right: Record<string, number> = {};
  const count = (name: string, ok: boolean) => (right[name] = (right[name] ?? 0) + (ok ? 1 : 0));
  let predicted = 0;
  let matched = 0;
  let labelled = 0;
  for (const { fit, held } of folds(train)) {
    const model = trainModel(fit, options);
    const categoriser = createCategoriser({ model, embeddingModel: model.vectors.model });
    for (const n of held) {
      const lexC = predictSoftmax(model.category.lexical, featurise(n.title, n.content));
      const vecC = predictVectorSoftmax(model.category.vector, n.vector);
      count('category.lexical', CATEGORIES[argmax(lexC)] === n.category);
      count('category.vector', CATEGORIES[argmax(vecC)] === n.category);
      count('category.combined', CATEGORIES[argmax(combineProbabilities(lexC, vecC))] === n.category);

      const risk = hasRiskCue(n.title, n.content);
      const lexI = predictSoftmax(model.importance.lexical, importanceFeatures(n));
      const vecI = predictVectorSoftmax(model.importance.vector, n.vector);
      const withRisk = (p: number[]) => (risk ? 'high' : IMPORTANCES[argmax(p)]);
      count('importance.riskRuleElseMedium', (risk ? 'high' : 'medium') === n.importance);
      count('importance.lexical', IMPORTANCES[argmax(lexI)] === n.importance);
      count('importance.riskRule+lexical', withRisk(lexI) === n.importance);
      count('importance.riskRule+vector', withRisk(vecI) === n.importance);
      count('importance.riskRule+combined', withRisk(combineProbabilities(lexI, vecI)) === n.importance);
    }
    // Tags through the real extraction, with hints learnt on the fitting folds only.
    for (const n of held) {
      const want = new Set(n.tags.map(tagKey));
      const { tags } = await categoriser.categorise(n, []);
      predicted += tags.length;
      matched += tags.filter((t) => want.has(tagKey(t))).length;
      labelled += want.size;
    }
  }
  const accuracy: Record<string, number> = {};
  for (const [k, v] of Object.entries(right)) accuracy[k] = round(v / train.length);
  accuracy['tags.precision'] = round(matched / predicted);
  accuracy['tags.recall'] = round(matched / labelled);
  return accuracy;
}

export async function crossValidate(train: EmbeddedNote[]) {
  const grid = [];
  for (const epochs of [15, 30, 60]) {
    for (const l2 of [0, 0.0001, 0.001]) {
      const vector = { epochs, learningRate: 0.5, l2 };
      const r = await evaluate(train, { ...TRAIN_OPTIONS, vector });
      grid.push({
        vector,
        category: r['category.combined'],
        categoryVectorAlone: r['category.vector'],
        importance: r['importance.riskRule+combined'],
      });
    }
  }
  return { folds: FOLDS, notes: train.length, chosen: await evaluate(train), vectorGrid: grid };
}
