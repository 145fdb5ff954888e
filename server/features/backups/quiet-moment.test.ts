// A scheduled backup waits for a quiet moment of the database (ADR 0031): quiet when idle, it
// keeps waiting while requests keep the database busy, and gives up waiting after maxWaitMs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApiKey, type TestApp } from '../../test-support/test-app.js';
import { waitForQuietDatabase } from './quiet-moment.js';

describe('waiting for a quiet moment before a backup', () => {
  let t: TestApp;
  let key: TestApiKey;
  beforeAll(async () => {
    t = await createTestApp();
    const ann = await t.signUp();
    key = await t.apiKey(ann);
    for (let i = 0; i < 30; i++)
      await t.as(key).post('/api/traces', { content: `Note ${i} about the garden` });
  });
  afterAll(() => t.close());

  const opts = { windowMs: 300, busyShare: 0.05, stopped: () => false };

  it('is quiet at once on an idle database', async () => {
    const outcome = await waitForQuietDatabase(t.db.stats?.bind(t.db), { ...opts, maxWaitMs: 10_000 });
    expect(outcome).toMatchObject({ quiet: true, stopped: false });
    expect(outcome.waitedMs).toBeLessThan(5_000);
  });

  it('keeps waiting while requests keep the database busy, and stops waiting after maxWaitMs', async () => {
    if (!t.db.stats) return; // a driver without statistics has nothing to wait for
    let loading = true;
    const load = (async () => {
      while (loading) {
        const res = await t.as(key).get('/api/traces?pageSize=50&sort=oldest');
        if (res.status !== 200) throw new Error(`list: ${res.status}`);
        // A macrotask turn between requests, so the waiter's timers always get to run.
        await new Promise((r) => setImmediate(r));
      }
    })();
    try {
      const outcome = await waitForQuietDatabase(t.db.stats.bind(t.db), { ...opts, maxWaitMs: 1_500 });
      expect(outcome.quiet).toBe(false);
      expect(outcome.waitedMs).toBeGreaterThanOrEqual(1_500);
    } finally {
      loading = false;
      await load;
    }
  });

  it('ends the wait when the schedule stops', async () => {
    const outcome = await waitForQuietDatabase(t.db.stats?.bind(t.db), {
      ...opts,
      maxWaitMs: 60_000,
      stopped: () => true,
    });
    expect(outcome.stopped).toBe(true);
  });
});
