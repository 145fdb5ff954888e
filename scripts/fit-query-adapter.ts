// Fits the bundled model's query adapter (server/embeddings/use-lite-query-adapter.json, ADR 0008
// "A query adapter for the bundled model") on Cairn's own retrieval fixture (tests/fixtures/retrieval:
// memory stores and chats written for Cairn, with questions and the entries that answer them):
//   node --import tsx scripts/fit-query-adapter.ts [--file dir-or-file] [--vectors cache.json]
//        [--epochs N] [--temperature T] [--weight-decay W] [--folds dir] [--write]
//        [--evaluate ../shared/datasets/locomo/locomo-dev.json [--evaluate-vectors cache.json]]
// Every entry ("speaker: text", as the LoCoMo bench stores a turn) and question is embedded by the
// bundled model (`--vectors` keeps them in a file for the next run on the same data). Prints the
// vector ranking's recall@1/5/10 and MRR without the adapter and with it, leave-one-store-out (each
// store ranked by weights fitted on the others; `--folds` keeps those weights for
// scripts/collect-relevance.ts --held-out-adapters, so the hybrid can be held out end to end too),
// and with `--evaluate`, on a data set the weights never saw (LoCoMo dev: its licence allows
// evaluation only, so it is never fitted on). `--write` fits on every store and writes the
// weights: 512 numbers.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { log, option } from '../bench/bench-support.js';
import {
  emptyTally,
  loadLocomo,
  mean,
  type Metrics,
  RETRIEVAL_FIXTURE,
  type Tally,
} from '../bench/locomo-data.js';
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

async function embedStores(file: string): Promise<Embedded> {
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

/** The data set's vectors, from `cache` when an earlier run wrote it there. */
async function embeddedOnce(file: string, cache: string | undefined): Promise<Embedded> {
  if (cache && existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as Embedded;
  const embedded = await embedStores(file);
  if (cache) writeFileSync(cache, JSON.stringify(embedded));
  return embedded;
}

const fmt = (r: Metrics & { n: number }) =>
  `R@1 ${r.r1.toFixed(3)}  R@5 ${r.r5.toFixed(3)}  R@10 ${r.r10.toFixed(3)}  MRR ${r.mrr.toFixed(3)}  (${r.n} questions)`;

function pooled(parts: Tally[]): Tally {
  const sum = emptyTally();
  for (const p of parts) for (const k of ['n', 'r1', 'r5', 'r10', 'mrr'] as const) sum[k] += p[k];
  return sum;
}

async function main(args: string[]): Promise<void> {
  const file = option(args, 'file', RETRIEVAL_FIXTURE);
  // What ships is fitted on Cairn's own fixture only: LoCoMo's licence allows evaluation only.
  if (args.includes('--write') && resolve(file) !== RETRIEVAL_FIXTURE)
    throw new Error(`--write fits only ${RETRIEVAL_FIXTURE}; measure other data with --evaluate`);
  const embedded = await embeddedOnce(file, option(args, 'vectors'));
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
    // Each store's held-out weights, for a collection that is held out end to end
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
  log(`with it, leave-one-store-out:    ${fmt(heldOut)}`);
  const evaluate = option(args, 'evaluate');
  if (!args.includes('--write') && !evaluate) return;
  const { scale, loss } = fitDiagonal(stores, examples, options);
  if (evaluate) {
    const other = toStores(await embeddedOnce(evaluate, option(args, 'evaluate-vectors')));
    log(
      `${evaluate.split('/').pop()}, without the adapter: ${fmt(mean(tally(other.stores, other.examples, null)))}`,
    );
    log(
      `${evaluate.split('/').pop()}, with it:             ${fmt(mean(tally(other.stores, other.examples, scale)))}`,
    );
  }
  if (!args.includes('--write')) return;
  const data = {
    model: LOCAL_MODEL_ID,
    fitted: new Date().toISOString().slice(0, 10),
    by: 'node --import tsx scripts/fit-query-adapter.ts --write',
    fittedOn: 'tests/fixtures/retrieval',
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
