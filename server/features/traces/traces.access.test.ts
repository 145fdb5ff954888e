// Real: the migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL, where the parallel
// increments run on separate pooled connections), the traces service, the Fastify app through
// app.inject, and the credentials: a web session, API keys and an OAuth token issued by the real
// routes, turned into Principals by the app's own verifiers. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../http/principal.js';
import { createTestApp, type TestApiKey, type TestApp, type TestUser } from '../../test-support/test-app.js';

describe('access counting, scopes and source', () => {
  let t: TestApp;
  let user: TestUser;
  let session: Principal;
  let readWriteKey: TestApiKey;
  let readOnlyKey: TestApiKey;
  let assistant: Principal; // an API key with both permissions
  let readOnly: Principal;
  let writeOnly: Principal;
  let oauthApp: Principal;
  const newTrace = async (content: string) =>
    (await t.app.services.traces.create(session, { content })).trace.id;
  const accessCount = async (id: string) => (await t.app.services.traces.get(session, id)).access_count;
  const todaysQueries = async () =>
    (
      await t.db.asSystem((tx) =>
        tx.query<{ count: number }>(
          `SELECT count FROM trace_access_daily WHERE user_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`,
          [user.userId],
        ),
      )
    )[0]?.count ?? 0;

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signUp();
    session = await t.principal(user);
    readWriteKey = await t.apiKey(user);
    readOnlyKey = await t.apiKey(user, { permissions: ['read:traces'] });
    assistant = await t.principal(readWriteKey);
    readOnly = await t.principal(readOnlyKey);
    writeOnly = await t.principal(await t.apiKey(user, { permissions: ['write:traces'] }));
    oauthApp = await t.principal(await t.oauthToken(user));
  });
  afterAll(async () => t.close());

  it("does not count the owner's own reads in the web app", async () => {
    const id = await newTrace('Owner reads do not count');
    await t.as(user).get(`/api/traces/${id}`);
    await t.as(user).get('/api/traces?search=owner');
    expect(await t.app.services.traces.recordAccess(session, [id])).toBe(0);
    expect(await accessCount(id)).toBe(0);
  });

  it("counts an assistant's fetch, returning the counted value, and logs it per day", async () => {
    const id = await newTrace('Assistant fetches count');
    const before = await todaysQueries();
    const first = await t.app.services.traces.get(assistant, id);
    const second = await t.app.services.traces.get(oauthApp, id);
    expect([first.access_count, second.access_count]).toEqual([1, 2]);
    expect(await accessCount(id)).toBe(2);
    expect(await todaysQueries()).toBe(before + 2);
  });

  it('loses no increment under 50 parallel recordAccess calls', async () => {
    const id = await newTrace('Popular memory');
    const other = await newTrace('Also returned by the search');
    const before = await todaysQueries();
    const counted = await Promise.all(
      Array.from({ length: 50 }, () => t.app.services.traces.recordAccess(assistant, [id, other])),
    );
    expect(counted).toEqual(Array(50).fill(2));
    expect(await accessCount(id)).toBe(50);
    expect(await accessCount(other)).toBe(50);
    expect(await todaysQueries()).toBe(before + 100);
  });

  it('counts each id once per call and skips malformed, unknown and deleted ids', async () => {
    const id = await newTrace('Counted once');
    const gone = await newTrace('Deleted before the search');
    await t.app.services.traces.remove(session, gone);
    const n = await t.app.services.traces.recordAccess(assistant, [
      id,
      id.toUpperCase(),
      'not-a-uuid',
      '00000000-0000-4000-8000-000000000000',
      gone,
    ]);
    expect(n).toBe(1);
    expect(await accessCount(id)).toBe(1);
    await t.app.services.traces.restore(session, gone);
    expect(await accessCount(gone)).toBe(0);
  });

  it('needs write:traces to write and read:traces to read (403 insufficient_scope)', async () => {
    const id = await newTrace('Scoped');
    const forbidden = { status: 403, code: 'insufficient_scope' };
    const svc = t.app.services.traces;
    await expect(svc.create(readOnly, { content: 'nope' })).rejects.toMatchObject(forbidden);
    await expect(svc.update(readOnly, id, { title: 'nope' })).rejects.toMatchObject(forbidden);
    await expect(svc.remove(readOnly, id)).rejects.toMatchObject(forbidden);
    await expect(svc.restore(readOnly, id)).rejects.toMatchObject(forbidden);
    await expect(svc.list(writeOnly, { tags: [], page: 1, pageSize: 12 })).rejects.toMatchObject(forbidden);
    await expect(svc.get(writeOnly, id)).rejects.toMatchObject(forbidden);
    await expect(t.app.services.traceStats.stats(writeOnly)).rejects.toMatchObject(forbidden);
    // Reads with read:traces work, and nothing was written.
    expect((await svc.get(readOnly, id)).title).toBe('Scoped'); // drawn from the content, not 'nope'
    expect((await svc.list(readOnly, { search: 'nope', tags: [], page: 1, pageSize: 12 })).totalCount).toBe(
      0,
    );
  });

  it('records the source: web for a session, api for keys and OAuth, or what the caller says', async () => {
    const svc = t.app.services.traces;
    const sources = [
      (await svc.create(session, { content: 'from the web app' })).trace.source,
      (await svc.create(assistant, { content: 'from a script' })).trace.source,
      (await svc.create(oauthApp, { content: 'from an OAuth app' })).trace.source,
      (await svc.create(oauthApp, { content: 'from an MCP tool' }, { source: 'mcp' })).trace.source,
      (await svc.create(session, { content: 'from an import' }, { source: 'import' })).trace.source,
    ];
    expect(sources).toEqual(['web', 'api', 'api', 'mcp', 'import']);
  });

  it('applies the same rules over HTTP for an API key', async () => {
    const created = await t.as(readWriteKey).post('/api/traces', { content: 'via a key' });
    expect(created.status).toBe(201);
    expect(created.json.source).toBe('api');
    const id = created.json.id;
    const denied = await t.as(readOnlyKey).post('/api/traces', { content: 'x' });
    expect(denied.status).toBe(403);
    expect(denied.json.code).toBe('insufficient_scope');
    const read = await t.as(readOnlyKey).get(`/api/traces/${id}`);
    expect(read.json.access_count).toBe(1);
    const list = await t.as(readOnlyKey).get('/api/traces?search=via%20a%20key');
    expect(list.json.traces[0]!.access_count).toBe(1);
    // Listing is browsing, not retrieval: only fetches and search hits (recordAccess) count.
    expect(await accessCount(id)).toBe(1);
  });
});
