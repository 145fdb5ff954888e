// Real: the app through app.inject, the migrated database, the traces service with its
// categoriser and near-duplicate check, the import runner. Faked: nothing (the embedder is the
// test kit's fake, which import does not use).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';
import { createImportRunner } from './import-runner.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type User = Awaited<ReturnType<typeof signUpAndLogin>>;

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/import');

describe('import jobs: preview, background run, report', () => {
  let t: TestApp;

  const upload = (u: User, body: Buffer | string, name = 'upload') =>
    t.app.inject({
      method: 'POST',
      url: `/api/account/import/jobs?name=${encodeURIComponent(name)}`,
      headers: { ...u.headers, 'content-type': 'application/octet-stream' },
      payload: body,
    });
  const start = (u: User, id: string, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/account/import/jobs/${id}/start`,
      headers: { ...u.headers, 'content-type': 'application/json' },
      payload,
    });
  const job = async (u: User, id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/account/import/jobs/${id}`, headers: u.headers })).json();
  const items = async (u: User, id: string, query = '') =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/account/import/jobs/${id}/items${query}`,
        headers: u.headers,
      })
    ).json();
  const contents = async (u: User) =>
    (await t.app.inject({ method: 'GET', url: '/api/traces?pageSize=100', headers: u.headers }))
      .json()
      .traces.map((x: { content: string }) => x.content) as string[];

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('previews a file, runs it in the background, and reports each item', async () => {
    const ann = await signUpAndLogin(t.app);
    const res = await upload(ann, readFileSync(path.join(FIXTURES, 'chatgpt-memories.md')), 'memories.md');
    expect(res.statusCode).toBe(201);
    const staged = res.json();
    expect(staged).toMatchObject({
      status: 'ready',
      format: 'text',
      file_name: 'memories.md',
      preview: { total: 6, new: 5, duplicates: 1, near_duplicates: 0, invalid: 0 },
      progress: { processed: 0, imported: 0 },
    });
    expect(await contents(ann)).toEqual([]);

    expect((await start(ann, staged.id)).statusCode).toBe(202);
    await t.app.services.importRunner.drain();
    expect(await job(ann, staged.id)).toMatchObject({
      status: 'done',
      progress: { processed: 6, imported: 5, duplicates: 1, failed: 0 },
    });
    expect((await contents(ann)).sort()).toEqual(
      [
        'Has a cat named Miso',
        'Is training for a marathon in October and runs four times a week',
        'Likes Portuguese food',
        'Prefers concise answers with code examples',
        'Uses Neovim as the main editor',
      ].sort(),
    );
    const report = await items(ann, staged.id, '?limit=2');
    expect(report.items).toHaveLength(2);
    expect(report.items[0]).toMatchObject({ position: 1, label: 'line 3', kind: 'new', outcome: 'imported' });
    const dup = (await items(ann, staged.id, '?kind=duplicate')).items;
    expect(dup).toEqual([
      expect.objectContaining({
        label: 'line 11',
        outcome: 'duplicate',
        // The preview said "earlier in this file"; the run names the trace it matched.
        detail: expect.stringMatching(/^same content as trace [0-9a-f-]{36}$/),
      }),
    ]);
  });

  it('imports nothing twice when the same file is run again', async () => {
    const ann = await signUpAndLogin(t.app);
    const file = readFileSync(path.join(FIXTURES, 'mem0-export.json'));
    const first = (await upload(ann, file)).json();
    await start(ann, first.id);
    await t.app.services.importRunner.drain();
    expect((await job(ann, first.id)).progress).toEqual({
      processed: 4,
      imported: 3,
      duplicates: 0,
      failed: 1,
      skipped: 0,
    });

    const again = (await upload(ann, file)).json();
    expect(again.preview).toEqual({
      total: 4,
      new: 0,
      duplicates: 3,
      near_duplicates: 0,
      invalid: 1,
      skipped: 0,
    });
    await start(ann, again.id);
    await t.app.services.importRunner.drain();
    expect((await job(ann, again.id)).progress).toEqual({
      processed: 4,
      imported: 0,
      duplicates: 3,
      failed: 1,
      skipped: 0,
    });
    expect(await contents(ann)).toHaveLength(3);
    const invalid = (await items(ann, again.id, '?kind=invalid')).items;
    expect(invalid).toEqual([
      expect.objectContaining({
        label: 'item 4',
        outcome: 'failed',
        detail: 'has no memory, text or content',
      }),
    ]);
  });

  it('flags near-duplicates in the preview and can leave them out', async () => {
    const ann = await signUpAndLogin(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/traces',
      headers: ann.headers,
      payload: { content: 'I take my coffee black with no sugar at all.' },
    });
    const staged = (
      await upload(ann, 'I take my coffee black with no sugar at all!!\nMy passport expires in 2031\n')
    ).json();
    expect(staged.preview).toMatchObject({ total: 2, new: 1, near_duplicates: 1 });
    await start(ann, staged.id, { skip_near_duplicates: true });
    await t.app.services.importRunner.drain();
    expect((await items(ann, staged.id)).items.map((i: { outcome: string }) => i.outcome)).toEqual([
      'skipped',
      'imported',
    ]);
  });

  it('resumes a job a crash interrupted between chunks, and a re-run imports nothing twice', async () => {
    const ann = await signUpAndLogin(t.app);
    const lines = Array.from({ length: 60 }, (_, i) => `Resumable memory number ${i} about topic ${i * 7}`);
    const file = lines.join('\n');
    // The app's own runner stays out of it: this test plays the processes by hand.
    await t.app.services.importRunner.stop();
    try {
      const first = (await upload(ann, file)).json();
      await start(ann, first.id);
      // The first process saves two chunks of ten, then dies before the third.
      const dying = createImportRunner({
        db: t.db,
        traceBatch: t.app.services.traceBatch,
        log: t.app.log,
        chunk: 10,
      });
      expect(await dying.step()).toBe(true);
      expect(await dying.step()).toBe(true);
      const stopped = await job(ann, first.id);
      expect(stopped).toMatchObject({ status: 'running', progress: { processed: 20, imported: 20 } });
      // Every saved memory has its outcome (they commit together), and only those are saved.
      expect((await contents(ann)).length).toBe(20);

      // The person uploads the same file again before the server comes back.
      const again = (await upload(ann, file)).json();
      // The 20 saved are duplicates; the other 40 are new (or near the saved ones, by words).
      expect(again.preview).toMatchObject({ total: 60, duplicates: 20, invalid: 0 });
      expect(again.preview.new + again.preview.near_duplicates).toBe(40);
      await start(ann, again.id);

      // The next process's runner resumes the first job and runs the second.
      const next = createImportRunner({
        db: t.db,
        traceBatch: t.app.services.traceBatch,
        log: t.app.log,
        chunk: 10,
      });
      await next.drain();
      const [a, b] = [await job(ann, first.id), await job(ann, again.id)];
      expect(a).toMatchObject({ status: 'done', progress: { processed: 60, failed: 0 } });
      expect(b).toMatchObject({ status: 'done', progress: { processed: 60, failed: 0 } });
      expect(a.progress.imported + b.progress.imported).toBe(60);
      const saved = await contents(ann);
      expect(saved.length).toBe(60);
      expect(new Set(saved)).toEqual(new Set(lines));
    } finally {
      t.app.services.importRunner.start();
    }
  });

  it('reports items the save refuses with the reason, and saves the rest', async () => {
    const ann = await signUpAndLogin(t.app);
    const staged = (
      await upload(
        ann,
        'Keeps bees on the roof\nREFUSED BY THE DATABASE\nOwns a red bicycle\nRewritten later\n',
      )
    ).json();
    expect(staged.preview).toMatchObject({ total: 4, new: 4, invalid: 0 });
    // What the preview accepted can still fail when saved: a payload staged under older rules
    // (here, one now over the content limit) and a row the database itself refuses.
    await t.db.asSystem((tx) =>
      tx.query(
        `UPDATE import_job_items SET payload = jsonb_set(payload, '{content}', to_jsonb(repeat('x', 20001)))
          WHERE job_id = $1 AND position = 4`,
        [staged.id],
      ),
    );
    await t.db.asSystem((tx) =>
      tx.query(
        `ALTER TABLE traces ADD CONSTRAINT test_refuses_one CHECK (content <> 'REFUSED BY THE DATABASE') NOT VALID`,
      ),
    );
    try {
      await start(ann, staged.id);
      await t.app.services.importRunner.drain();
    } finally {
      await t.db.asSystem((tx) => tx.query('ALTER TABLE traces DROP CONSTRAINT test_refuses_one'));
    }
    expect(await job(ann, staged.id)).toMatchObject({
      status: 'done',
      progress: { processed: 4, imported: 2, failed: 2 },
    });
    const report = (await items(ann, staged.id)).items;
    expect(report.map((i: { outcome: string }) => i.outcome)).toEqual([
      'imported',
      'failed',
      'imported',
      'failed',
    ]);
    expect(report[1].detail).toMatch(/^could not be saved: .*test_refuses_one/);
    expect(report[3].detail).toBe('content: Content must be at most 20000 characters');
    expect((await contents(ann)).sort()).toEqual(['Keeps bees on the roof', 'Owns a red bicycle']);
  });

  it('erases finished and abandoned jobs after the retention period, keeping their traces', async () => {
    const ann = await signUpAndLogin(t.app);
    const done = (await upload(ann, 'Old import memory one\nOld import memory two about tea')).json();
    await start(ann, done.id);
    await t.app.services.importRunner.drain();
    const recent = (await upload(ann, 'A recent import, finished today')).json();
    await start(ann, recent.id);
    await t.app.services.importRunner.drain();
    const abandoned = (await upload(ann, 'A preview nobody started')).json();
    const fresh = (await upload(ann, 'A preview made today')).json();
    const age = (id: string, column: 'finished_at' | 'created_at') =>
      t.db.asSystem((tx) =>
        tx.query(`UPDATE import_jobs SET ${column} = now() - interval '8 days' WHERE id = $1`, [id]),
      );
    await age(done.id, 'finished_at');
    await age(abandoned.id, 'created_at');

    const pass = await t.app.services.maintenance.runOnce();
    expect(pass.erased.imports).toBeGreaterThanOrEqual(2);
    const status = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/account/import/jobs/${id}`, headers: ann.headers }))
        .statusCode;
    expect(await status(done.id)).toBe(404);
    expect(await status(abandoned.id)).toBe(404);
    expect(await status(recent.id)).toBe(200);
    expect(await status(fresh.id)).toBe(200);
    // The report's rows (and the memories they carried) are gone with the job...
    const left = await t.db.asSystem((tx) =>
      tx.query('SELECT 1 FROM import_job_items WHERE job_id = ANY($1::uuid[])', [[done.id, abandoned.id]]),
    );
    expect(left).toEqual([]);
    // ...while what the import saved is the person's and stays.
    expect((await contents(ann)).sort()).toEqual(
      ['A recent import, finished today', 'Old import memory one', 'Old import memory two about tea'].sort(),
    );
  });

  it('refuses what cannot be read, keeps people apart, and stays with the owner', async () => {
    const ann = await signUpAndLogin(t.app);
    const bob = await signUpAndLogin(t.app);
    const empty = await upload(ann, '\n\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/Nothing to import/);
    const broken = await upload(ann, Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(40)]));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toMatch(/archive cannot be read/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/import/jobs', headers: ann.headers })).json()
        .jobs,
    ).toEqual([]);

    const staged = (await upload(ann, 'Ann only')).json();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/account/import/jobs/${staged.id}`,
          headers: bob.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect((await start(bob, staged.id)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/account/import/jobs/${staged.id}` })).statusCode,
    ).toBe(401);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/account/import/jobs/${staged.id}/cancel`,
      headers: ann.headers,
    });
    expect(cancelled.json().status).toBe('cancelled');
    expect((await start(ann, staged.id)).statusCode).toBe(409);
    expect(await contents(ann)).toEqual([]);
  });
});
