// Trains the automatic categoriser from the TRAIN half of tests/fixtures/categorisation/notes.json
// and writes server/features/categorise/categoriser-model.json (docs/decisions/0007).
//   node --import tsx scripts/train-categoriser.ts          write the model
//   node --import tsx scripts/train-categoriser.ts --cv     5-fold cross-validation on the train
//                                                           half only, for choosing settings
// The test half is never read here: it exists to report honest accuracy (bench/categorise.bench.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { CATEGORIES, type Category, type Importance } from '../contract/traces.js';
import type { CategoriserModel } from '../server/features/categorise/categoriser.js';
import {
  argmax,
  predictSoftmax,
  trainSoftmax,
  type TrainOptions,
} from '../server/features/categorise/softmax-regression.js';
import { isStopWord, tagKey, type TagHints } from '../server/features/categorise/tag-extraction.js';
import { featurise, stem, tokenise } from '../server/features/categorise/text-features.js';

export type LabelledNote = {
  id: string;
  split: 'train' | 'test';
  category: Category;
  importance: Importance;
  tags: string[];
  title: string | null;
  content: string;
};

export const FIXTURE = new URL('../tests/fixtures/categorisation/notes.json', import.meta.url);
const MODEL = new URL('../server/features/categorise/categoriser-model.json', import.meta.url);

/** Chosen by --cv on the train half (see the ADR for the grid and the numbers). */
export const TRAIN_OPTIONS: TrainOptions = { epochs: 10, learningRate: 0.5, l2: 0.001 };

export function loadNotes(): LabelledNote[] {
  return (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { notes: LabelledNote[] }).notes;
}

export function trainModel(train: LabelledNote[], options = TRAIN_OPTIONS): CategoriserModel {
  const category = trainSoftmax(
    train.map((n) => ({ features: featurise(n.title, n.content), label: n.category })),
    CATEGORIES,
    options,
  );
  return {
    trainedOn: `notes.json train half (${train.length} notes)`,
    category,
    tagHints: learnTagHints(train),
  };
}

/** Which words carried which unsaid tags, and which words were tags themselves. */
export function learnTagHints(train: LabelledNote[]): TagHints {
  const df = new Map<string, number>();
  const asTag = new Map<string, number>();
  const pairs = new Map<string, Map<string, number>>();
  for (const n of train) {
    const stems = new Set(
      tokenise(`${n.title ?? ''} ${n.content}`)
        .filter((w) => !isStopWord(w))
        .map(stem),
    );
    const keys = new Set(n.tags.map(tagKey));
    for (const s of stems) {
      df.set(s, (df.get(s) ?? 0) + 1);
      if (keys.has(s)) asTag.set(s, (asTag.get(s) ?? 0) + 1);
      for (const t of n.tags) {
        if (stems.has(tagKey(t))) continue; // said in the text: keyword extraction finds it
        const row = pairs.get(s) ?? new Map<string, number>();
        row.set(t, (row.get(t) ?? 0) + 1);
        pairs.set(s, row);
      }
    }
  }
  const implies: Record<string, string[]> = {};
  for (const [s, row] of [...pairs].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // Seen together at least twice, and in most notes that use the word.
    const tags = [...row].filter(([, c]) => c >= 2 && c / df.get(s)! >= 0.5).map(([t]) => t);
    if (tags.length > 0) implies[s] = tags.sort();
  }
  const tagRate: Record<string, number> = {};
  for (const [s, c] of [...asTag].sort(([a], [b]) => (a < b ? -1 : 1))) {
    tagRate[s] = Math.round((c / df.get(s)!) * 100) / 100;
  }
  return { implies, tagRate };
}

function crossValidate(train: LabelledNote[], options: TrainOptions, folds = 5): number {
  let correct = 0;
  for (let f = 0; f < folds; f++) {
    const fit = train.filter((_, i) => i % folds !== f);
    const model = trainModel(fit, options);
    for (const n of train.filter((_, i) => i % folds === f)) {
      const p = predictSoftmax(model.category, featurise(n.title, n.content));
      if (CATEGORIES[argmax(p)] === n.category) correct++;
    }
  }
  return Math.round((correct / train.length) * 1000) / 1000;
}

async function main() {
  const train = loadNotes().filter((n) => n.split === 'train');
  if (process.argv.includes('--cv')) {
    const grid = [];
    for (const epochs of [5, 10, 20]) {
      for (const l2 of [0.0001, 0.001, 0.01]) {
        const options = { epochs, learningRate: 0.5, l2 };
        grid.push({ ...options, accuracy: crossValidate(train, options) });
      }
    }
    process.stdout.write(`${JSON.stringify({ folds: 5, notes: train.length, grid })}\n`);
    return;
  }
  const model = trainModel(train);
  const path = fileURLToPath(MODEL);
  const config = await prettier.resolveConfig(path);
  writeFileSync(path, await prettier.format(JSON.stringify(model), { ...config, parser: 'json' }));
  process.stdout.write(
    `wrote ${path}: ${Object.keys(model.category.weights).length} features, ` +
      `${Object.keys(model.tagHints.implies).length} tag hints\n`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
