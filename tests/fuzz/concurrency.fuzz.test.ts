// Real: the whole app on a real migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL,
// where each request is its own transaction on its own pooled connection), through app.inject().
// Faked: the embedding model (the network edge), as everywhere.
//
// The concurrency part of the fuzz suite (issue 26): several clients of ONE account, each drawing
// seeded random operations — create, edit, delete, restore, bulk edits over shuffled id lists, tag
// renames, searches, filtered lists, parallel OAuth refreshes with one token — at once. Every
// answer must be below 500, every acknowledged create must still be readable unless a client
// deleted it, and the process's memory must stay bounded. The operations are seeded; their
// interleaving is the machine's, so a replay (FUZZ_SEED) draws the same operations, not the same race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type TestApp,
  type TestClient,
  type TestOAuthToken,
} from '../../server/test-support/test-app.js';
import { createRandom, seedFromEnv, type Random } from './random.js';
import { hostileText } from './values.js';

const SEED = seedFromEnv();
const RUN_MS = Number(process.env.FUZZ_CONCURRENCY_MS ?? 6000);
const CLIENTS = 6;
/** Memory the run may add to the process (a documented cap: it holds a few hundred small notes). */
const RSS_GROWTH_CAP = 256 * 1024 * 1024;
const WORDS = [
  'garden',
  'river',
  'lamp',
  'window',
  'kettle',
  'orchard',
  'ladder',
  'harbour',
  'Berlin',
  'Paris',
];

type Answer = { status: number; body: string };

describe(`fuzz: one account, many clients at once (seed ${SEED}; replay with FUZZ_SEED=${SEED})`, () => {
  let t: TestApp;
  let client: TestClient;
  let oauth: TestOAuthToken;
  const serverErrors: string[] = [];
  const created = new Set<string>();
  const deleted = new Set<string>();

  beforeAll(async () => {
    // Errors logged by the server, so a 5xx in the report comes with its cause (a deadlock, say).
    t = await createTestApp(
      { LOG_LEVEL: 'error' },
      { logStream: { write: (line: string) => void serverErrors.push(line) } },
    );
    const user = await t.signUp();
    client = t.as(await t.apiKey(user));
    oauth = await t.oauthToken(user);
    for (let i = 0; i < 20; i++) {
      const res = await client.post('/api/traces', { content: `${WORDS[i % WORDS.length]} note ${i}` });
      created.add(res.json.id);
    }
  });
  afterAll(async () => t.close());

  const sentence = (r: Random) =>
    r.chance(0.15)
      ? `${hostileText(r)} ${r.pick(WORDS)}`.slice(0, 500) || 'x'
      : Array.from({ length: 3 + r.int(8) }, () => r.pick(WORDS)).join(' ');
  const someIds = (r: Random) => {
    const ids = [...created];
    const n = 1 + r.int(Math.min(ids.length, 12));
    return Array.from({ length: n }, () => r.pick(ids));
  };
  const refresh = async (token: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: token,
        client_id: oauth.clientId,
        client_secret: oauth.clientSecret,
      }).toString(),
    });
    return { status: res.statusCode, body: res.body };
  };

  /** One random operation; what it acknowledges is recorded for the check at the end. */
  const operations: ((r: Random) => Promise<Answer>)[] = [
    async (r) => {
      const res = await client.post('/api/traces', {
        content: sentence(r),
        ...(r.chance(0.3) ? { tags: [r.pick(WORDS).toLowerCase()] } : {}),
      });
      if (res.status === 201) created.add(res.json.id);
      return res;
    },
    (r) =>
      client.patch(
        `/api/traces/${r.pick([...created])}`,
        r.chance(0.5) ? { content: sentence(r) } : { importance: r.pick(['low', 'medium', 'high']) },
      ),
    async (r) => {
      const id = r.pick([...created]);
      const res = await client.delete(`/api/traces/${id}`);
      if (res.status < 300) deleted.add(id);
      return res;
    },
    async (r) => {
      const id = r.pick([...deleted].length ? [...deleted] : [...created]);
      const res = await client.post(`/api/traces/${id}/restore`);
      if (res.status < 300) deleted.delete(id);
      return res;
    },
    (r) =>
      client.post('/api/traces/bulk', {
        action: r.pick(['add_tag', 'remove_tag']),
        ids: someIds(r),
        tag: r.pick(['busy', 'shared', 'x']),
      }),
    (r) =>
      client.post('/api/search', {
        query: r.chance(0.2) ? hostileText(r).slice(0, 200) || 'x' : `${r.pick(WORDS)} ${r.pick(WORDS)}`,
        limit: 1 + r.int(20),
      }),
    (r) => client.get(`/api/traces?search=${encodeURIComponent(r.pick(WORDS))}&pageSize=${1 + r.int(50)}`),
    (r) => {
      const [from, to] = r.chance(0.5) ? ['busy', 'shared'] : ['shared', 'busy'];
      return r.chance(0.5)
        ? client.patch(`/api/tags/${from}`, { name: to })
        : client.post('/api/tags/merge', { tags: [from, to], into: to });
    },
    async () => {
      // Parallel refreshes with one token (an assistant's retries): each must be answered, none 5xx.
      const answers = await Promise.all(Array.from({ length: 3 }, () => refresh(oauth.refreshToken)));
      const fresh = answers.find((a) => a.status === 200);
      if (fresh)
        oauth = {
          ...oauth,
          refreshToken: (JSON.parse(fresh.body) as { refresh_token: string }).refresh_token,
        };
      return answers.find((a) => a.status >= 500) ?? answers[0]!;
    },
  ];

  it('answers every request below 500, loses no acknowledged write, and stays within its memory cap', async () => {
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const until = Date.now() + RUN_MS;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        const r = createRandom((SEED + c * 0x9e3779b9) >>> 0);
        while (Date.now() < until) {
          const op = r.int(operations.length);
          const res = await operations[op]!(r);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500)
            failures.push(`client ${c}, operation ${op}: ${res.status} ${res.body.slice(0, 300)}`);
          rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        }
      }),
    );
    console.log(
      `fuzz concurrency seed ${SEED}: answers by status ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(failures, serverErrors.map((l) => l.slice(0, 600)).join('\n')).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(CLIENTS);
    expect(rssPeak - rssBefore).toBeLessThan(RSS_GROWTH_CAP);

    // Nothing acknowledged is lost: every create is readable, or in the trash if a client deleted it.
    for (const id of created) {
      const res = await client.get(`/api/traces/${id}`);
      if (deleted.has(id)) expect([200, 404]).toContain(res.status);
      else expect(res.status, `trace ${id}`).toBe(200);
    }
  });
});
