// Fits the bundled model's query adapter (server/embeddings/use-lite-query-adapter.json, ADR 0008
// "A query adapter for the bundled model") on the LoCoMo dev split:
//   node --import tsx scripts/fit-query-adapter.ts --file ../shared/datasets/locomo/locomo-dev.json
//        [--vectors cache.json] [--epochs N] [--temperature T] [--folds dir] [--write]
// Every turn ("speaker: text", as the LoCoMo bench stores it) and question is embedded by the
// bundled model (~3 minutes; `--vectors` keeps them in a file for the next run). Prints the vector
// ranking's recall@1/5/10 and MRR without the adapter and with it, leave-one-conversation-out
// (each conversation ranked by weights fitted on the other five; `--folds` keeps those weights for
// scripts/collect-relevance.ts --held-out-adapters, so the hybrid can be held out end to end too).
// `--write` fits on all six and writes the weights: 512 numbers, nothing of LoCoMo's text.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { log, option } from '../bench/bench-support.js';
import { emptyTally, loadLocomo, mean, type Metrics, type Tally } from '../bench/locomo-data.js';
import type { Embedder } from '../server/embeddings/embedder.js';
import { createLocalEmbedder, LOCAL_MODEL_ID } from '../server/embeddings/local-embedder.js';
import {
  DEFAULT_FIT,
  type Example,
  fitDiagonal,
  type FitOptions,
  tally,
  type Store,
} from './query-adapter/fit-diagonal.js';

const ADAPTER_FILE = fileURLToPath(
  new URL('../server/embeddings/use-lite-query-adapter.json', import.meta.url),
);

type Embedded = { turns: number[][]; questions: { vector: number[]; answers: number[] }[] }[];

async function embedLocomo(file: string): Promise<Embedded> {
  const embedder = createLocalEmbedder();
  try {
    const out: Embedded = [];
    for (const conversation of loadLocomo(file)) {
      const row = new Map(conversation.turns.map((t, i) => [t.diaId, i]));
      const turns = await embedInBatches(
        embedder,
        conversation.turns.map((t) => `${t.speaker}: ${t.text}`),
      );
      const vectors = await embedInBatches(
        embedder,
        conversation.questions.map((q) => q.question),
      );
      out.push({
        turns,
        questions: conversation.questions.map((q, i) => ({
          vector: vectors[i]!,
          answers: q.evidence.map((e) => row.get(e)).filter((r) => r !== undefined),
        })),
      });
      log(`${conversation.sampleId}: ${turns.length} turns, ${vectors.length} questions embedded`);
    }
    return out;
  } finally {
    await embedder.close();
  }
}

/**
 * Questions too are embedded as documents: the bundled model has no query prefix, and 'query'
 * would apply the very adapter this script fits.
 */
async function embedInBatches(embedder: Embedder, texts: string[]): Promise<number[][]> {
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += 64) {
    out.push(...(await embedder.embed(texts.slice(i, i + 64), { inputType: 'document' })));
  }
  return out;
}

function toStores(embedded: Embedded): { stores: Store[]; examples: Example[] } {
  const stores = embedded.map((c) => ({ vectors: Float32Array.from(c.turns.flat()), count: c.turns.length }));
  const examples = embedded.flatMap((c, store) =>
    c.questions.map((q) => ({ query: Float32Array.from(q.vector), store, answers: q.answers })),
  );
  return { stores, examples };
}

const fmt = (r: Metrics & { n: number }) =>
  `R@1 ${r.r1.toFixed(3)}  R@5 ${r.r5.toFixed(3)}  R@10 ${r.r10.toFixed(3)}  MRR ${r.mrr.toFixed(3)}  (${r.n} questions)`;

function pooled(parts: Tally[]): Tally {
  const sum = emptyTally();
  for (const p of parts) for (const k of ['n', 'r1', 'r5', 'r10', 'mrr'] as const) sum[k] += p[k];
  return sum;
}

async function main(args: string[]): Promise<void> {
  const file = option(args, 'file');
  const cache = option(args, 'vectors');
  if (!file && !(cache && existsSync(cache)))
    throw new Error('--file <locomo.json> is required (or --vectors of an earlier run)');
  const embedded: Embedded =
    cache && existsSync(cache) ? JSON.parse(readFileSync(cache, 'utf8')) : await embedLocomo(file!);
  if (cache && !existsSync(cache)) writeFileSync(cache, JSON.stringify(embedded));
  const options: FitOptions = {
    ...DEFAULT_FIT,
    epochs: Number(option(args, 'epochs', String(DEFAULT_FIT.epochs))),
    temperature: Number(option(args, 'temperature', String(DEFAULT_FIT.temperature))),
    weightDecay: Number(option(args, 'weight-decay', String(DEFAULT_FIT.weightDecay))),
  };
  const { stores, examples } = toStores(embedded);
  log(`without the adapter:            ${fmt(mean(tally(stores, examples, null)))}`);
  const folds = option(args, 'folds');
  if (folds) mkdirSync(folds, { recursive: true });
  const held = stores.map((_, s) => {
    const { scale } = fitDiagonal(
      stores,
      examples.filter((e) => e.store !== s),
      options,
    );
    // Each conversation's held-out weights, for a collection that is held out end to end
    // (scripts/collect-relevance.ts --held-out-adapters).
    if (folds)
      writeFileSync(`${folds}/fold-${s}.json`, JSON.stringify({ model: LOCAL_MODEL_ID, scale: [...scale] }));
    return tally(
      stores,
      examples.filter((e) => e.store === s),
      scale,
    );
  });
  const heldOut = mean(pooled(held));
  log(`with it, leave-one-conversation-out: ${fmt(heldOut)}`);
  if (!args.includes('--write')) return;
  const { scale, loss } = fitDiagonal(stores, examples, options);
  const data = {
    model: LOCAL_MODEL_ID,
    fitted: new Date().toISOString().slice(0, 10),
    by: 'node --import tsx scripts/fit-query-adapter.ts --file locomo-dev.json --write',
    options,
    trainingLoss: Number(loss.toFixed(4)),
    heldOut: { r5: Number(heldOut.r5.toFixed(3)), mrr: Number(heldOut.mrr.toFixed(3)) },
    scale: Array.from(scale, (x) => Number(x.toFixed(5))),
  };
  writeFileSync(
    ADAPTER_FILE,
    await prettier.format(JSON.stringify(data), { parser: 'json', printWidth: 110 }),
  );
  log(`wrote ${ADAPTER_FILE}`);
}

await main(process.argv.slice(2));
