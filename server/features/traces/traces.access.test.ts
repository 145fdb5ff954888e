// Real: the migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL, where the parallel
// increments run on separate pooled connections), the traces service, the Fastify app through
// app.inject. Faked: API keys are not built yet, so assistant principals are built by hand for
// service calls, and one test registers a stand-in credential verifier (the network edge) so the
// HTTP path sees an api_key principal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal, Scope } from '../../http/principal.js';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('access counting, scopes and source', () => {
  let t: TestApp;
  let userId: string;
  let headers: { authorization: string };
  const as = (via: Principal['via'], scopes: Scope[] = ['read:traces', 'write:traces']): Principal => ({
    userId,
    via,
    scopes,
    credentialId: `${via}-test`,
    ...(via === 'oauth' ? { clientId: 'client-test' } : {}),
  });
  const session = () => as('session');
  const newTrace = async (content: string) =>
    (await t.app.services.traces.create(session(), { content })).trace.id;
  const accessCount = async (id: string) => (await t.app.services.traces.get(session(), id)).access_count;
  const todaysQueries = async () =>
    (
      await t.db.asSystem((tx) =>
        tx.query<{ count: number }>(
          `SELECT count FROM trace_access_daily WHERE user_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`,
          [userId],
        ),
      )
    )[0]?.count ?? 0;

  beforeAll(async () => {
    t = await createTestApp();
    const u = await signUpAndLogin(t.app);
    userId = u.userId;
    headers = u.headers;
  });
  afterAll(async () => t.close());

  it("does not count the owner's own reads in the web app", async () => {
    const id = await newTrace('Owner reads do not count');
    await t.app.inject({ method: 'GET', url: `/api/traces/${id}`, headers });
    await t.app.inject({ method: 'GET', url: '/api/traces?search=owner', headers });
    expect(await t.app.services.traces.recordAccess(session(), [id])).toBe(0);
    expect(await accessCount(id)).toBe(0);
  });

  it("counts an assistant's fetch, returning the counted value, and logs it per day", async () => {
    const id = await newTrace('Assistant fetches count');
    const before = await todaysQueries();
    const first = await t.app.services.traces.get(as('api_key'), id);
    const second = await t.app.services.traces.get(as('oauth'), id);
    expect([first.access_count, second.access_count]).toEqual([1, 2]);
    expect(await accessCount(id)).toBe(2);
    expect(await todaysQueries()).toBe(before + 2);
  });

  it('loses no increment under 50 parallel recordAccess calls', async () => {
    const id = await newTrace('Popular memory');
    const other = await newTrace('Also returned by the search');
    const before = await todaysQueries();
    const counted = await Promise.all(
      Array.from({ length: 50 }, () => t.app.services.traces.recordAccess(as('api_key'), [id, other])),
    );
    expect(counted).toEqual(Array(50).fill(2));
    expect(await accessCount(id)).toBe(50);
    expect(await accessCount(other)).toBe(50);
    expect(await todaysQueries()).toBe(before + 100);
  });

  it('counts each id once per call and skips malformed, unknown and deleted ids', async () => {
    const id = await newTrace('Counted once');
    const gone = await newTrace('Deleted before the search');
    await t.app.services.traces.remove(session(), gone);
    const n = await t.app.services.traces.recordAccess(as('api_key'), [
      id,
      id.toUpperCase(),
      'not-a-uuid',
      '00000000-0000-4000-8000-000000000000',
      gone,
    ]);
    expect(n).toBe(1);
    expect(await accessCount(id)).toBe(1);
    await t.app.services.traces.restore(session(), gone);
    expect(await accessCount(gone)).toBe(0);
  });

  it('needs write:traces to write and read:traces to read (403 insufficient_scope)', async () => {
    const id = await newTrace('Scoped');
    const readOnly = as('api_key', ['read:traces']);
    const writeOnly = as('api_key', ['write:traces']);
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
    expect((await svc.get(readOnly, id)).title).toBeNull();
    expect((await svc.list(readOnly, { search: 'nope', tags: [], page: 1, pageSize: 12 })).totalCount).toBe(
      0,
    );
  });

  it('records the source: web for a session, api for keys and OAuth, or what the caller says', async () => {
    const svc = t.app.services.traces;
    const sources = [
      (await svc.create(session(), { content: 'from the web app' })).trace.source,
      (await svc.create(as('api_key'), { content: 'from a script' })).trace.source,
      (await svc.create(as('oauth'), { content: 'from an OAuth app' })).trace.source,
      (await svc.create(as('oauth'), { content: 'from an MCP tool' }, { source: 'mcp' })).trace.source,
      (await svc.create(session(), { content: 'from an import' }, { source: 'import' })).trace.source,
    ];
    expect(sources).toEqual(['web', 'api', 'api', 'mcp', 'import']);
  });

  it('applies the same rules over HTTP for an API-key principal', async () => {
    // A stand-in for the API-key verifier (not built yet): tokens test_ro / test_rw.
    t.app.services.verifiers.unshift({
      accepts: (token) => token.startsWith('test_'),
      verify: async (token) =>
        as('api_key', token === 'test_rw' ? ['read:traces', 'write:traces'] : ['read:traces']),
    });
    const rw = { authorization: 'Bearer test_rw' };
    const ro = { authorization: 'Bearer test_ro' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/traces',
      headers: rw,
      payload: { content: 'via a key' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().source).toBe('api');
    const id = created.json().id;
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/traces',
      headers: ro,
      payload: { content: 'x' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('insufficient_scope');
    const read = await t.app.inject({ method: 'GET', url: `/api/traces/${id}`, headers: ro });
    expect(read.json().access_count).toBe(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/traces?search=via%20a%20key', headers: ro });
    expect(list.json().traces[0].access_count).toBe(1);
    // Listing is browsing, not retrieval: only fetches and search hits (recordAccess) count.
    expect(await accessCount(id)).toBe(1);
  });
});
