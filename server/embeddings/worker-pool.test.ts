// Real: the worker pool, real worker threads. Faked: the model — each worker runs a few lines of
// inline JavaScript that speak the pool's protocol and crash, hang or fail on cue, so every failure
// path is exercised without loading the 27 MB model (local-embedder.test.ts covers the real one).
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbedderClosedError } from './embedder.js';
import {
  createWorkerPool,
  EmbeddingTimeoutError,
  EmbeddingWorkerError,
  type WorkerPool,
} from './worker-pool.js';

// Vector of a text: [batch size, length of the text, worker number, 1]. Cues: "crash" exits the
// thread, "hang" loops forever, "bad" is reported as a per-text failure.
const FAKE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.failStart) throw new Error('cannot load model');
setTimeout(() => parentPort.postMessage({ type: 'ready', dimension: 4 }), workerData.startDelay || 0);
parentPort.on('message', (m) => {
  if (m.texts.includes('crash')) process.exit(7);
  if (m.texts.includes('hang')) for (;;) {}
  const out = new Float32Array(m.texts.length * 4);
  const failures = [];
  m.texts.forEach((t, i) => {
    if (t === 'bad') failures.push({ index: i, message: 'bad input' });
    else out.set([m.texts.length, t.length, workerData.n, 1], i * 4);
  });
  setTimeout(() => parentPort.postMessage({ type: 'result', id: m.id, dimension: 4, vectors: out, failures }, [out.buffer]), workerData.delay || 0);
});`;

let started = 0;
const pools: WorkerPool[] = [];
function pool(
  opts: {
    size?: number;
    timeoutMs?: number;
    batchTimeoutMs?: number;
    failStart?: boolean;
    delay?: number;
    maxBatchTexts?: number;
  } = {},
) {
  const p = createWorkerPool({
    size: opts.size ?? 1,
    timeoutMs: opts.timeoutMs ?? 10_000,
    ...(opts.batchTimeoutMs ? { batchTimeoutMs: opts.batchTimeoutMs } : {}),
    ...(opts.maxBatchTexts ? { maxBatchTexts: opts.maxBatchTexts } : {}),
    startWorker: () =>
      new Worker(FAKE_WORKER, {
        eval: true,
        workerData: { n: ++started, failStart: opts.failStart, delay: opts.delay },
      }),
  });
  pools.push(p);
  return p;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('worker pool', () => {
  it('starts no thread before the first call', async () => {
    const p = pool({ size: 2 });
    expect(p.stats().workers).toBe(0);
    await p.embed(['a']);
    expect(p.stats().workers).toBe(2);
  });

  it('returns one vector per text, in order, and batches concurrent calls into one model call', async () => {
    const p = pool({ size: 1, delay: 50 });
    await p.embed(['warm']);
    const first = p.embed(['x']); // occupies the only worker
    const rest = await Promise.all([p.embed(['aa', 'bbb']), p.embed(['cccc'])]);
    await first;
    // Both later calls waited together, so they went out as one batch of 3 texts.
    expect(rest).toEqual([
      [
        [3, 2, expect.any(Number), 1],
        [3, 3, expect.any(Number), 1],
      ],
      [[3, 4, expect.any(Number), 1]],
    ]);
  });

  it('splits a large call into batches and reassembles it in order', async () => {
    const p = pool({ size: 2, maxBatchTexts: 3 });
    const texts = Array.from({ length: 8 }, (_, i) => 'x'.repeat(i + 1));
    const out = await p.embed(texts);
    expect(out.map((v) => v[1])).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(Math.max(...out.map((v) => v[0]!))).toBeLessThanOrEqual(3);
  });

  it('serves high-priority calls before queued normal ones', async () => {
    const p = pool({ size: 1, delay: 30, maxBatchTexts: 1 });
    await p.embed(['warm']);
    const order: string[] = [];
    const busy = p.embed(['busy']);
    const normal = p.embed(['normal']).then(() => order.push('normal'));
    const high = p.embed(['high'], { priority: 'high' }).then(() => order.push('high'));
    const high2 = p.embed(['high2'], { priority: 'high' }).then(() => order.push('high2'));
    const normal2 = p.embed(['normal2']).then(() => order.push('normal2'));
    await Promise.all([busy, normal, high, high2, normal2]);
    expect(order).toEqual(['high', 'high2', 'normal', 'normal2']);
  });

  it('runs normal work in short batches, so a high-priority call waits for one of them only', async () => {
    const p = pool({ size: 1, delay: 40 });
    await p.embed(['warm']);
    const order: string[] = [];
    const background = p.embed(Array.from({ length: 12 }, (_, i) => `note ${i}`));
    void background.then(() => order.push('background'));
    const query = p.embed(['query'], { priority: 'high' }).then((v) => (order.push('query'), v));
    const [vectors, [queryVector]] = await Promise.all([background, query]);
    // Four texts a batch at most: the query got in after the first batch, not after all twelve.
    expect(Math.max(...vectors.map((v) => v[0]!))).toBeLessThanOrEqual(4);
    expect(queryVector![0]).toBe(1);
    expect(order).toEqual(['query', 'background']);
    // High-priority calls still share one large batch (a search burst).
    const burst = await Promise.all(
      Array.from({ length: 3 }, () => p.embed(['b', 'c', 'd'], { priority: 'high' })),
    );
    expect(burst.flat().some((v) => v[0]! > 4)).toBe(true);
  });

  it('a demoted high-priority call waits behind later high-priority calls, and still finishes', async () => {
    const p = pool({ size: 1, delay: 40 });
    await p.embed(['warm']);
    const order: string[] = [];
    const busy = p.embed(['busy']);
    const demote = new AbortController();
    const inline = p
      .embed(['inline'], { priority: 'high', demote: demote.signal })
      .then((v) => (order.push('inline'), v));
    demote.abort(); // its budget passed while it waited
    const query = p.embed(['query'], { priority: 'high' }).then(() => order.push('query'));
    const later = p.embed(['later']).then(() => order.push('later'));
    const [[vector]] = await Promise.all([inline, query, later, busy]);
    expect(vector).toEqual([expect.any(Number), 6, expect.any(Number), 1]);
    // Behind the query; as normal work, in arrival order with the rest of it.
    expect(order.indexOf('query')).toBeLessThan(order.indexOf('inline'));
    expect(order.indexOf('inline')).toBeLessThanOrEqual(order.indexOf('later'));
  });

  it('rejects the calls a crashed worker held, names the reason, and replaces the worker', async () => {
    const p = pool({ size: 1 });
    await p.embed(['warm']);
    await expect(p.embed(['crash'])).rejects.toThrow(EmbeddingWorkerError);
    await expect(p.embed(['crash'])).rejects.toThrow(/stopped unexpectedly \(exit code 7\)/);
    await expect(p.embed(['fine'])).resolves.toHaveLength(1);
  });

  it('times out a hung worker, terminates it and keeps serving', async () => {
    const p = pool({ size: 1, batchTimeoutMs: 300 });
    await p.embed(['warm']);
    await expect(p.embed(['hang'])).rejects.toThrow(EmbeddingTimeoutError);
    expect(p.stats().workers).toBeLessThanOrEqual(1);
    await expect(p.embed(['after'])).resolves.toEqual([[1, 5, expect.any(Number), 1]]);
  });

  it('rejects only the call whose text the model could not embed', async () => {
    const p = pool({ size: 1, delay: 30 });
    await p.embed(['warm']);
    const blocker = p.embed(['x']);
    const [bad, good] = await Promise.allSettled([p.embed(['ok', 'bad']), p.embed(['fine'])]);
    await blocker;
    expect(bad.status).toBe('rejected');
    expect((bad as PromiseRejectedResult).reason.message).toMatch(/could not embed text 1: bad input/);
    expect(good.status).toBe('fulfilled');
  });

  it('rejects a call past its own deadline, even while it waits in the queue', async () => {
    const p = pool({ size: 1, delay: 2_000, timeoutMs: 500 });
    await expect(p.embed(['slow'])).rejects.toThrow('Embedding did not finish within 500 ms');
  });

  it('honours an AbortSignal', async () => {
    const p = pool({ size: 1, delay: 200 });
    const ac = new AbortController();
    const call = p.embed(['a'], { signal: ac.signal });
    ac.abort(new Error('not needed any more'));
    await expect(call).rejects.toThrow('not needed any more');
    await expect(p.embed(['b'], { signal: AbortSignal.abort() })).rejects.toThrow();
  });

  it('gives up with the cause when the model cannot start, and tries again on the next call', async () => {
    const p = pool({ size: 1, failStart: true });
    await expect(p.embed(['a'])).rejects.toThrow(/could not be started \(cannot load model\)/);
    await expect(p.embed(['b'])).rejects.toThrow(/could not be started/);
  });

  it('close() rejects pending calls, ends every thread and refuses later calls', async () => {
    const p = pool({ size: 2, delay: 200 });
    await p.embed(['warm']);
    const pending = expect(p.embed(['a', 'b', 'c'])).rejects.toThrow(EmbedderClosedError);
    await p.close();
    await pending;
    expect(p.stats().workers).toBe(0);
    await expect(p.embed(['x'])).rejects.toThrow(EmbedderClosedError);
    await p.close(); // twice is fine
  });

  it('returns nothing for nothing without starting a thread', async () => {
    const p = pool();
    await expect(p.embed([])).resolves.toEqual([]);
    expect(p.stats().workers).toBe(0);
  });
});
