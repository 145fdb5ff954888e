// Real: the app through app.inject, the migrated database (PGlite), the import service and
// runner. Faked: nothing; the upload's wait for its preview is set to 0 so every upload takes the
// path a large file takes on a busy machine (answered 202 while the file is still being read).
// Issue 26 item 3: no silent loss.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { craftZip, zeroBomb } from '../../test-support/hostile-zips.js';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type User = Awaited<ReturnType<typeof signUpAndLogin>>;
type Job = {
  id: string;
  status: string;
  error: string | null;
  preview: { total: number };
  progress: { processed: number; imported: number; duplicates: number; failed: number; skipped: number };
};

describe('import: a job is staging until its preview is complete', () => {
  let t: TestApp;

  const upload = (u: User, body: Buffer | string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/import/jobs',
      headers: { ...u.headers, 'content-type': 'application/octet-stream' },
      payload: body,
    });
  const get = async (u: User, id: string): Promise<Job> =>
    (await t.app.inject({ method: 'GET', url: `/api/account/import/jobs/${id}`, headers: u.headers })).json();
  const start = (u: User, id: string, skip = false) =>
    t.app.inject({
      method: 'POST',
      url: `/api/account/import/jobs/${id}/start`,
      headers: { ...u.headers, 'content-type': 'application/json' },
      payload: { skip_near_duplicates: skip },
    });
  const settled = async (u: User, id: string): Promise<Job> => {
    for (let i = 0; i < 1500; i++) {
      const job = await get(u, id);
      if (job.status !== 'staging') return job;
      await sleep(20);
    }
    throw new Error('still staging after 30 s');
  };

  beforeAll(async () => {
    t = await createTestApp({}, { deps: { importUploadWaitMs: 0 } });
  });
  afterAll(() => t.close());

  it('answers 202 at once, refuses to start a staging job (409), and imports every item once ready', async () => {
    const ann = await signUpAndLogin(t.app);
    const lines = Array.from({ length: 2000 }, (_, i) => `Memory number ${i} about ${i * 7919}`);
    const res = await upload(ann, lines.join('\n'));
    expect(res.statusCode).toBe(202);
    const staged = res.json() as Job;
    expect(staged.status).toBe('staging');
    const early = await start(ann, staged.id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'conflict',
      error: expect.stringMatching(/still reading its file/),
    });
    const ready = await settled(ann, staged.id);
    expect(ready).toMatchObject({ status: 'ready', preview: { total: 2000 } });
    expect((await start(ann, staged.id)).statusCode).toBe(202);
    await t.app.services.importRunner.drain();
    const done = await get(ann, staged.id);
    const p = done.progress;
    expect(done.status).toBe('done');
    expect(p.imported).toBe(2000);
    expect(p.imported + p.duplicates + p.failed + p.skipped).toBe(done.preview.total);
  });

  it('counts add up to the file with duplicates, invalid and skipped near-duplicates', async () => {
    const ann = await signUpAndLogin(t.app);
    await t.trace(ann, { content: 'I run four times a week, training for the October marathon' });
    const file = [
      'I run four times a week, training for the October marathon!',
      'Has a cat named Miso',
      'Has a cat named Miso',
      `${'x'.repeat(25_000)}`,
      'Likes Portuguese food',
    ].join('\n');
    const job = await settled(ann, ((await upload(ann, file)).json() as Job).id);
    expect(job.status).toBe('ready');
    await start(ann, job.id, true);
    await t.app.services.importRunner.drain();
    const done = await get(ann, job.id);
    const p = done.progress;
    expect(p.processed).toBe(done.preview.total);
    expect(p.imported + p.duplicates + p.failed + p.skipped).toBe(done.preview.total);
    expect(p.skipped + p.failed + p.duplicates).toBeGreaterThan(0);
  });

  it('a file that fails after the 202 leaves a failed job with its reason, never startable, no items', async () => {
    const ann = await signUpAndLogin(t.app);
    const bomb = craftZip([{ name: 'notes/bomb.md', body: zeroBomb(256), size: 10 }]);
    const res = await upload(ann, bomb);
    // Read within the wait or after it: refused at once (413) or failed later, never "ready".
    if (res.statusCode === 413) return;
    expect(res.statusCode).toBe(202);
    const job = await settled(ann, (res.json() as Job).id);
    expect(job).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/"notes\/bomb\.md" inflates past/),
      preview: { total: 0 },
    });
    const again = await start(ann, job.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/failed/);
  });

  it('a staging job can be cancelled; its reading stops and it can never start', async () => {
    const ann = await signUpAndLogin(t.app);
    const lines = Array.from({ length: 3000 }, (_, i) => `Cancelled memory ${i} ${i * 104_729}`);
    const staged = (await upload(ann, lines.join('\n'))).json() as Job;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/account/import/jobs/${staged.id}/cancel`,
      headers: ann.headers,
    });
    expect(cancelled.json().status).toBe('cancelled');
    await sleep(200);
    expect((await get(ann, staged.id)).status).toBe('cancelled');
    expect((await start(ann, staged.id)).statusCode).toBe(409);
  });

  // Last: it stops this app's background reading for good.
  it('a file still being read when the server stops leaves a failed job with a reason, never staging', async () => {
    const ann = await signUpAndLogin(t.app);
    const lines = Array.from({ length: 5000 }, (_, i) => `Stopped memory ${i} ${i * 15_485_863}`);
    const res = await upload(ann, lines.join('\n'));
    expect(res.statusCode).toBe(202);
    await t.app.services.imports.stop();
    const job = await get(ann, (res.json() as Job).id);
    expect(job).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/restarted while reading this file; upload it again/),
      preview: { total: 0 },
    });
  });
});
