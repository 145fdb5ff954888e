// Real: the migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL, where two workers
// really claim side by side with FOR UPDATE SKIP LOCKED), the traces service, the embedding queue
// and its worker, search. Faked: the embedding model (the feature-hashing fake, told to fail or to
// stand for another model), and a crashed instance, simulated by claiming rows and walking away.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { EmbeddingError } from '../../embeddings/embedder.js';
import { createFakeEmbedder } from '../../embeddings/fake-embedder.js';
import type { Principal } from '../../http/principal.js';
import { createTestApp } from '../../test-support/test-app.js';
import { openTestDatabase } from '../../test-support/test-db.js';
import { createEmbeddingWorker } from './embedding-worker.js';
import { queueRepo } from './queue.repo.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Job = {
  trace_id: string;
  attempts: number;
  last_error: string | null;
  due_in_s: number;
  version: number;
};

const silent = { info() {}, warn() {}, error() {} };

describe('the embedding queue', () => {
  let db: Db;
  let closeDb: () => Promise<void>;
  const apps: TestApp[] = [];
  let principal: Principal;

  const appWith = async (embedder = createFakeEmbedder({ dimension: 512 })) => {
    const t = await createTestApp({}, { db, embedder });
    apps.push(t);
    return t;
  };
  const jobs = () =>
    db.asSystem((tx) =>
      tx.query<Job>(
        `SELECT trace_id, attempts, last_error, version,
                extract(epoch FROM run_after - now())::float8 AS due_in_s
           FROM embedding_jobs WHERE user_id = $1 ORDER BY enqueued_at`,
        [principal.userId],
      ),
    );
  const vectors = () =>
    db.asSystem((tx) =>
      tx.query<{ trace_id: string; model: string; dimension: number; text_md5: string }>(
        'SELECT trace_id, model, dimension, text_md5 FROM trace_embeddings WHERE user_id = $1',
        [principal.userId],
      ),
    );
  const create = async (t: TestApp, content: string) =>
    (
      await t.app.services.traces.create(principal, {
        content,
        category: 'fact',
        importance: 'low',
        tags: [],
      })
    ).trace.id;

  beforeAll(async () => {
    ({ db, close: closeDb } = await openTestDatabase());
  });
  afterEach(async () => {
    await db.asSystem((tx) => tx.query('DELETE FROM traces'));
    while (apps.length) await apps.pop()!.close();
  });
  afterAll(async () => closeDb());

  const signUp = async (t: TestApp) => {
    const user = await t.app.services.users.create(
      `q-${Math.random().toString(36).slice(2)}@example.com`,
      'pw pw pw pw',
    );
    principal = {
      userId: user.id,
      via: 'session',
      scopes: ['read:traces', 'write:traces'],
      credentialId: 's',
    };
  };

  it('queues a new or edited trace in its own transaction, and the worker stores its vector', async () => {
    const t = await appWith();
    await signUp(t);
    const id = await create(t, 'Pay the electricity bill by the 5th');
    expect((await jobs()).map((j) => j.trace_id)).toEqual([id]);
    expect(await t.app.services.embeddingWorker.drain()).toMatchObject({
      claimed: 1,
      embedded: 1,
      failed: 0,
    });
    expect(await jobs()).toEqual([]);
    expect(await vectors()).toMatchObject([{ trace_id: id, model: 'fake-hash-512', dimension: 512 }]);
    const before = (await vectors())[0]!.text_md5;

    await t.app.services.traces.update(principal, id, { tags: ['bills'] }); // not the text: nothing queued
    expect(await jobs()).toEqual([]);
    await t.app.services.traces.update(principal, id, { title: 'Bills' });
    expect(await jobs()).toHaveLength(1);
    await t.app.services.embeddingWorker.drain();
    expect((await vectors())[0]!.text_md5).not.toBe(before);
  });

  it('keeps failed jobs with backoff, never losing the trace, which full text still finds', async () => {
    let failure: EmbeddingError | null = new EmbeddingError('model offline', { retryable: true });
    const embedder = createFakeEmbedder({
      dimension: 512,
      onEmbed: () => {
        if (failure) throw failure;
      },
    });
    const t = await appWith(embedder);
    await signUp(t);
    const id = await create(t, 'The wifi password is on the fridge');
    expect(await t.app.services.embeddingWorker.drain()).toMatchObject({
      claimed: 1,
      embedded: 0,
      failed: 1,
    });
    const [job] = await jobs();
    expect(job).toMatchObject({ trace_id: id, attempts: 1, last_error: 'model offline' });
    expect(job!.due_in_s).toBeGreaterThan(1); // retryable: about 2 s
    expect(job!.due_in_s).toBeLessThan(10);
    expect((await t.app.services.traces.get(principal, id)).content).toBe(
      'The wifi password is on the fridge',
    );
    const found = await t.app.services.search.search(principal, { query: 'wifi password' });
    expect(found.mode).toBe('fulltext');
    expect(found.results.map((r) => r.id)).toEqual([id]);

    // Not due yet: a drain leaves it alone. Once due, a non-retryable error backs off for minutes.
    expect((await t.app.services.embeddingWorker.drain()).claimed).toBe(0);
    await db.asSystem((tx) => tx.query('UPDATE embedding_jobs SET run_after = now()'));
    failure = new EmbeddingError('invalid API key', { retryable: false });
    await t.app.services.embeddingWorker.drain();
    const [again] = await jobs();
    expect(again).toMatchObject({ attempts: 2, last_error: 'invalid API key' });
    expect(again!.due_in_s).toBeGreaterThan(60);

    failure = null;
    await db.asSystem((tx) => tx.query('UPDATE embedding_jobs SET run_after = now()'));
    expect(await t.app.services.embeddingWorker.drain()).toMatchObject({ embedded: 1 });
    expect(await jobs()).toEqual([]);
    const hybrid = await t.app.services.search.search(principal, { query: 'wifi password' });
    expect(hybrid.mode).toBe('hybrid');
    expect(hybrid.results[0]).toMatchObject({ id, matched: ['fulltext', 'vector'] });
  });

  it('retries a non-retryable batch failure text by text, so one bad text holds up no other', async () => {
    const embedder = createFakeEmbedder({
      dimension: 512,
      onEmbed: (texts) => {
        if (texts.some((x) => x.includes('poison')))
          throw new EmbeddingError('too long', { retryable: false });
      },
    });
    const t = await appWith(embedder);
    await signUp(t);
    const good = await create(t, 'A perfectly good note');
    const bad = await create(t, 'A poison note');
    await t.app.services.embeddingWorker.drain();
    expect((await vectors()).map((v) => v.trace_id)).toEqual([good]);
    expect((await jobs()).map((j) => j.trace_id)).toEqual([bad]);
  });

  it('survives a restart: another instance takes over pending rows, and a crashed one’s claims expire', async () => {
    const first = await appWith();
    await signUp(first);
    const ids = [
      await create(first, 'Pending one'),
      await create(first, 'Pending two'),
      await create(first, 'Pending three'),
    ];
    // The first instance claims two rows and dies before embedding them.
    const claimed = await db.asSystem((tx) => queueRepo.claim(tx, 2, 600));
    expect(claimed).toHaveLength(2);
    await first.close();
    apps.pop();

    const second = await appWith();
    expect(await second.app.services.embeddingWorker.drain()).toMatchObject({ embedded: 1 });
    expect(await jobs()).toHaveLength(2); // still leased to the dead instance
    await db.asSystem((tx) =>
      tx.query("UPDATE embedding_jobs SET claimed_until = now() - interval '1 second'"),
    );
    expect(await second.app.services.embeddingWorker.drain()).toMatchObject({ embedded: 2 });
    expect((await vectors()).map((v) => v.trace_id).sort()).toEqual([...ids].sort());
  });

  it('stores no vector for text that changed while it was embedded, and embeds the new text', async () => {
    const t = await appWith();
    await signUp(t);
    const id = await create(t, 'Old text');
    const [job] = await db.asSystem((tx) => queueRepo.claim(tx, 10, 600));
    await t.app.services.traces.update(principal, id, { content: 'New text' });
    const stored = await db.asSystem((tx) =>
      queueRepo.complete(tx, 'fake-hash-512', 3, [{ job: job!, vector: [1, 0, 0] }]),
    );
    expect(stored).toEqual([]);
    expect(await vectors()).toEqual([]);
    expect(await jobs()).toMatchObject([{ trace_id: id, version: 2 }]);
    await t.app.services.embeddingWorker.drain();
    const [row] = await db.asSystem((tx) =>
      tx.query<{ ok: boolean }>(
        "SELECT text_md5 = md5('New text') AS ok FROM trace_embeddings WHERE trace_id = $1",
        [id],
      ),
    );
    expect(row?.ok).toBe(true);
  });

  it('queues every active trace without a vector of the current model (a model change re-embeds)', async () => {
    const t = await appWith();
    await signUp(t);
    const kept = [await create(t, 'First memory'), await create(t, 'Second memory')];
    const deleted = await create(t, 'Deleted memory');
    await t.app.services.traces.remove(principal, deleted);
    await t.app.services.embeddingWorker.drain();
    expect(await vectors()).toHaveLength(3);

    const other = createFakeEmbedder({ dimension: 384, modelId: 'other-model-384' });
    const worker = createEmbeddingWorker({ db, embedder: other, log: silent, options: { backfillSlice: 1 } });
    expect(await worker.enqueueMissing()).toBe(2);
    expect(await worker.enqueueMissing()).toBe(0); // already queued
    await worker.drain();
    const models = await vectors();
    expect(
      models
        .filter((v) => v.model === 'other-model-384')
        .map((v) => v.trace_id)
        .sort(),
    ).toEqual([...kept].sort());
    expect(await worker.enqueueMissing({ all: true })).toBe(2);
  });

  it('lets two workers share the queue without embedding anything twice', async () => {
    const t = await appWith();
    await signUp(t);
    for (let i = 0; i < 30; i++) await create(t, `Shared queue note number ${i}`);
    const seen: string[] = [];
    const make = () =>
      createEmbeddingWorker({
        db,
        embedder: createFakeEmbedder({ dimension: 512, onEmbed: (texts) => void seen.push(...texts) }),
        log: silent,
        options: { batchSize: 4 },
      });
    await Promise.all([make().drain(), make().drain()]);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(await vectors()).toHaveLength(30);
  });

  it('runs on its own once started: a nudge embeds a new trace without waiting for a poll', async () => {
    const t = await appWith();
    await signUp(t);
    t.app.services.embeddingWorker.start();
    const id = await create(t, 'Embedded by the running loop');
    // Not a timing assertion: a liveness check with a generous deadline.
    for (let i = 0; i < 200 && (await jobs()).length; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await vectors()).map((v) => v.trace_id)).toEqual([id]);
    await t.app.services.embeddingWorker.stop();
    expect(t.app.services.embeddingWorker.running).toBe(false);
  });

  it('embeds what someone just wrote before the bulk of an import or a re-index', async () => {
    const t = await appWith();
    await signUp(t);
    const bulk: string[] = [];
    for (let i = 0; i < 6; i++) bulk.push(await create(t, `Imported note number ${i}`));
    // These six wait in the bulk lane, queued as an import's chunk queues them; then a person writes one.
    await db.asSystem(async (tx) => {
      await tx.query('DELETE FROM embedding_jobs WHERE trace_id = ANY($1::uuid[])', [bulk]);
      await queueRepo.enqueueMany(tx, bulk);
    });
    const fresh = await create(t, 'Written just now by a person');
    const seen: string[] = [];
    const worker = createEmbeddingWorker({
      db,
      embedder: createFakeEmbedder({ dimension: 512, onEmbed: (texts) => void seen.push(...texts) }),
      log: silent,
      options: { batchSize: 1 },
    });
    await worker.runOnce();
    expect(seen).toEqual(['Written just now by a person']);
    expect((await vectors()).map((v) => v.trace_id)).toEqual([fresh]);
    // An edit promotes a bulk job to the person's lane.
    await t.app.services.traces.update(principal, bulk[3]!, { content: 'Imported note, edited' });
    await worker.runOnce();
    expect(seen.at(-1)).toBe('Imported note, edited');
  });

  it("takes create's inline embedding that outlived its budget instead of embedding the text again", async () => {
    const seen: string[] = [];
    const slow = createFakeEmbedder({
      dimension: 512,
      onEmbed: async (texts) => {
        seen.push(...texts);
        await new Promise((r) => setTimeout(r, 150));
      },
    });
    const t = await createTestApp({}, { db, embedder: slow, inlineEmbeddingMs: 20 });
    apps.push(t);
    await signUp(t);
    const started = Date.now();
    const id = await create(t, 'Written while the model was busy');
    expect(Date.now() - started).toBeLessThan(150); // the answer did not wait for the model
    expect(await jobs()).toHaveLength(1);
    await t.app.services.embeddingWorker.runOnce();
    expect((await vectors()).map((v) => v.trace_id)).toEqual([id]);
    expect(await jobs()).toEqual([]);
    expect(seen).toEqual(['Written while the model was busy']);
  });

  it("stores create's inline vector after its commit, unless the text changed first", async () => {
    const t = await createTestApp(
      {},
      { db, embedder: createFakeEmbedder({ dimension: 512 }), inlineEmbeddingMs: 60_000 },
    );
    apps.push(t);
    await signUp(t);
    const id = await create(t, 'Embedded inline by create');
    await t.app.services.embeddingWorker.settled();
    expect((await vectors()).map((v) => v.trace_id)).toEqual([id]);
    expect(await jobs()).toEqual([]);
    // A vector for a text the trace no longer has is not stored; the job waits for the loop.
    const other = await create(t, 'Another note');
    await t.app.services.embeddingWorker.settled();
    await db.asSystem((tx) => tx.query('DELETE FROM trace_embeddings WHERE trace_id = $1', [other]));
    await db.asSystem((tx) => queueRepo.enqueue(tx, other));
    await t.app.services.embeddingWorker.storeEmbedded(other, principal.userId, 'An older text', [
      1,
      ...Array(511).fill(0),
    ]);
    expect((await vectors()).map((v) => v.trace_id)).toEqual([id]);
    expect((await jobs()).map((j) => j.trace_id)).toEqual([other]);
  });
});
