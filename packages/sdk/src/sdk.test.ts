// Real: a Cairn server (createTestApp on a migrated database) listening on 127.0.0.1, reached by
// the TypeScript SDK over real HTTP with a real API key, and by the Python SDK's own unittest
// suite in a python3 child process. Faked: only fetch in the retry test (the network edge), to
// make the server answer 429/503 on demand.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin } from '../../../server/test-support/test-app.js';
import {
  Cairn,
  ConflictError,
  ENDPOINTS,
  KeyExpiredError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  ValidationError,
} from './index.js';
import { NOT_IN_SDK } from './endpoints.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const run = promisify(execFile);
const PYTHON_SDK = path.resolve(import.meta.dirname, '../../sdk-python');

describe('SDKs against a real server', () => {
  let t: TestApp;
  let baseUrl: string;
  let apiKey: string;
  let cairn: Cairn;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    baseUrl = `http://127.0.0.1:${port}`;
    const ann = await signUpAndLogin(t.app);
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: ann.headers,
      payload: { name: 'sdk' },
    });
    apiKey = key.json().key;
    cairn = new Cairn({ baseUrl, apiKey });
  });
  afterAll(() => t.close());

  it('TypeScript: the README quick start', async () => {
    const trace = await cairn.createTrace({ content: 'Prefers dark roast coffee', tags: ['coffee'] });
    expect(trace.duplicate_of).toBeUndefined();
    const again = await cairn.createTrace({ content: 'Prefers dark roast coffee' });
    expect(again).toMatchObject({ duplicate_of: trace.id });
    expect((await cairn.getTrace(trace.id)).tags).toEqual(['coffee']);
    expect((await cairn.updateTrace(trace.id, { importance: 'high' })).importance).toBe('high');
    const hits = await cairn.search('dark roast');
    expect(hits.results.map((r) => r.id)).toContain(trace.id);
    expect((await cairn.stats()).total_traces).toBeGreaterThanOrEqual(1);
    await cairn.deleteTrace(trace.id);
    const gone = await cairn.getTrace(trace.id).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(NotFoundError);
    expect(gone).toMatchObject({ status: 404, code: 'not_found' });
    expect((await cairn.restoreTrace(trace.id)).id).toBe(trace.id);
    // A reworded copy is a near-duplicate by words, kept on the new trace.
    const near = await cairn.createTrace({ content: 'Prefers dark roast coffee, always' });
    expect((await cairn.similarTraces(near.id)).similar.map((s) => s.id)).toContain(trace.id);
    const bulk = await cairn.bulkTraces({ action: 'add_tag', ids: [trace.id, near.id], tag: 'drinks' });
    expect(bulk.changed.sort()).toEqual([trace.id, near.id].sort());
  });

  it('TypeScript: projects and the session briefing', async () => {
    const project = await cairn.createProject({ name: 'acme/api', description: 'The API repository' });
    const rule = await cairn.createTrace({
      content: 'acme/api: run the migrations before the tests',
      project: 'acme/api',
      importance: 'high',
    });
    // REST names only existing projects (an assistant naming a new one over MCP creates it).
    await cairn.createProject({ name: 'acme/web' });
    const other = await cairn.createTrace({ content: 'Another repo formats with tabs', project: 'acme/web' });
    expect(rule.project).toBe('acme/api');
    const inProject = await cairn.listTraces({ project: 'acme/api', project_only: true });
    expect(inProject.traces.map((t) => t.id)).toEqual([rule.id]);
    const listed = await cairn.listProjects();
    expect(listed.projects.find((p) => p.id === project.id)?.trace_count).toBe(1);
    expect((await cairn.updateTrace(rule.id, { pinned: true })).pinned).toBe(true);
    const briefing = await cairn.context({ project: 'acme/api', max_tokens: 500 });
    expect(briefing.items[0]).toMatchObject({ id: rule.id, why: 'pinned' });
    expect(briefing.items.map((i) => i.id)).not.toContain(other.id);
    expect((await cairn.updateProject(project.id, { name: 'acme/api-v2' })).name).toBe('acme/api-v2');
    expect(await cairn.deleteProject(project.id)).toEqual({ deleted: true, traces: 1 });
    expect((await cairn.getTrace(rule.id)).project).toBeNull();
  });

  it('TypeScript: history, restoring a version, and provenance (ADR 0033)', async () => {
    const trace = await cairn.createTrace({ title: 'Cache', content: 'TS history: the cache is Memcached' });
    expect(trace.created_by).toMatchObject({ kind: 'api_key' });
    await cairn.updateTrace(trace.id, { content: 'TS history: the cache is Redis' });
    const { versions } = await cairn.versions(trace.id);
    expect(versions.map((v) => [v.version, v.content, v.changed_fields])).toEqual([
      [1, 'TS history: the cache is Memcached', ['content']],
    ]);
    expect(versions[0]!.changed_by).toMatchObject({ kind: 'api_key' });
    expect((await cairn.restoreVersion(trace.id, 1)).content).toBe('TS history: the cache is Memcached');
    expect((await cairn.versions(trace.id)).versions.map((v) => v.version)).toEqual([2, 1]);
    const mine = await cairn.listTraces({ created_by_kind: 'api_key', search: 'TS history' });
    expect(mine.traces.map((t) => t.id)).toEqual([trace.id]);
    const exported = await cairn.exportAccount({ include_history: true });
    expect(exported.traces.find((t) => t.id === trace.id)?.versions).toHaveLength(2);
  });

  it('TypeScript: a memory that changed: supersedes, include_superseded, mark current', async () => {
    const old = await cairn.createTrace({ content: 'SDK: the office is on the 3rd floor' });
    const newer = await cairn.createTrace({
      content: 'SDK: the office moved to the 5th floor',
      supersedes: [old.id],
    });
    const marked = await cairn.getTrace(old.id);
    expect(marked.superseded_by).toEqual({ id: newer.id, title: newer.title });
    expect((await cairn.getTrace(newer.id)).replaces).toEqual([{ id: old.id, title: old.title }]);
    const hits = async (include: boolean) =>
      (
        await cairn.search({ query: 'office 3rd floor', min_relevance: 0, include_superseded: include })
      ).results.map((r) => r.id);
    expect(await hits(false)).not.toContain(old.id);
    expect(await hits(true)).toContain(old.id);
    expect((await cairn.markCurrent(old.id)).superseded_at).toBeNull();
    expect((await cairn.supersedeTrace(old.id, newer.id)).superseded_by?.id).toBe(newer.id);
  });

  it('TypeScript: pagination as an async iterator', async () => {
    for (let i = 0; i < 7; i++) await cairn.createTrace({ content: `Paged memory ${i}`, tags: ['paged'] });
    const seen: string[] = [];
    for await (const trace of cairn.iterateTraces({ tags: ['paged'], pageSize: 3 })) seen.push(trace.content);
    expect(seen.sort()).toEqual(Array.from({ length: 7 }, (_, i) => `Paged memory ${i}`));
  });

  it('TypeScript: import a file, follow its progress, read the report, export', async () => {
    const job = await cairn.uploadImport('- Imported by the SDK\n- Also imported by the SDK\n', {
      name: 'sdk.md',
    });
    expect(job).toMatchObject({ format: 'text', status: 'ready', preview: { new: 2 } });
    await cairn.startImport(job.id);
    const done = await cairn.waitForImport(job.id, { intervalMs: 100 });
    expect(done.progress).toMatchObject({ imported: 2, failed: 0 });
    const report = [];
    for await (const item of cairn.iterateImportItems(job.id)) report.push(item.outcome);
    expect(report).toEqual(['imported', 'imported']);
    const exported = await cairn.exportAccount();
    expect(exported.traces.map((x) => x.content)).toContain('Imported by the SDK');
    const stream = await cairn.exportStream('markdown');
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 4)).toString('latin1')).toBe('PK\x03\x04');
  });

  it('TypeScript: errors are typed classes carrying the server code', async () => {
    const invalid = await cairn.createTrace({ content: '' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((invalid as ValidationError).code).toBeTruthy();
    const first = await cairn.createTrace({ content: 'Unique line for the conflict test' });
    const other = await cairn.createTrace({ content: 'Another line for the conflict test' });
    const clash = await cairn
      .updateTrace(other.id, { content: 'Unique line for the conflict test' })
      .catch((e: unknown) => e);
    expect(clash).toBeInstanceOf(ConflictError);
    expect(clash).toMatchObject({ code: 'duplicate_trace' });
    expect(first.id).not.toBe(other.id);
    const anonymous = await new Cairn({ baseUrl }).stats().catch((e: unknown) => e);
    expect(anonymous).toMatchObject({ status: 401 });
    const deleteOnly = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: (await signUpAndLogin(t.app)).headers,
      payload: { name: 'r', permissions: ['read:traces'] },
    });
    const reader = new Cairn({ baseUrl, apiKey: deleteOnly.json().key });
    const refused = await reader.createTrace({ content: 'x' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PermissionError);
    expect(refused).toMatchObject({ code: 'insufficient_scope' });
  });

  it('TypeScript: tags are listed with counts, renamed, merged and deleted across traces', async () => {
    await cairn.createTrace({ content: 'Walks the dog at 7', tags: ['ts-dog', 'ts-morning'] });
    await cairn.createTrace({ content: 'Dog food on Fridays', tags: ['ts-pet'] });
    const counts = Object.fromEntries((await cairn.listTags()).map((x) => [x.name, x.count]));
    expect(counts['ts-dog']).toBe(1);
    const taken = await cairn.renameTag('ts-dog', 'ts-pet').catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(ConflictError);
    expect(taken).toMatchObject({ code: 'tag_exists' });
    expect(await cairn.mergeTags(['ts-dog'], 'ts-pet')).toEqual({ name: 'ts-pet', changed: 1 });
    expect((await cairn.renameTag('ts-pet', 'ts-pets')).changed).toBe(2);
    expect((await cairn.deleteTag('ts-morning')).changed).toBe(1);
    expect((await cairn.listTraces({ tags: ['ts-pets'] })).totalCount).toBe(2);
  });

  it('TypeScript: an expired key is a KeyExpiredError with its own code', async () => {
    const owner = await signUpAndLogin(t.app);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: owner.headers,
      payload: { name: 'short-lived' },
    });
    // Time passing, as the server sees it: the key's expiry is now in the past.
    await t.db.asSystem((tx) =>
      tx.query("UPDATE api_keys SET expires_at = now() - interval '1 hour' WHERE id = $1", [made.json().id]),
    );
    const expired = await new Cairn({ baseUrl, apiKey: made.json().key }).stats().catch((e: unknown) => e);
    expect(expired).toBeInstanceOf(KeyExpiredError);
    expect(expired).toMatchObject({ status: 401, code: 'api_key_expired' });
  });

  it('TypeScript: retries 429 and 503, honouring Retry-After, then gives up with the code', async () => {
    const answers = [
      new Response(JSON.stringify({ error: 'slow down', code: 'rate_limited' }), {
        status: 429,
        headers: { 'retry-after': '0' },
      }),
      new Response('', { status: 503 }),
    ];
    let calls = 0;
    const flaky: typeof fetch = async (input, init) => {
      calls++;
      return answers.shift() ?? fetch(input, init);
    };
    const retrying = new Cairn({ baseUrl, apiKey, fetch: flaky, maxRetryDelay: 0 });
    expect((await retrying.stats()).total_traces).toBeGreaterThan(0);
    expect(calls).toBe(3);

    const always429: typeof fetch = async () =>
      new Response(JSON.stringify({ error: 'slow down', code: 'rate_limited' }), {
        status: 429,
        headers: { 'retry-after': '0' },
      });
    const gaveUp = await new Cairn({ baseUrl, fetch: always429, maxRetries: 2 })
      .stats()
      .catch((e: unknown) => e);
    expect(gaveUp).toBeInstanceOf(RateLimitError);
    expect(gaveUp).toMatchObject({ code: 'rate_limited', retryAfter: 0 });
  });

  it('TypeScript: never resends a write that may have been processed (503 request_timeout)', async () => {
    let calls = 0;
    const timingOut =
      (code: string): typeof fetch =>
      async () => {
        calls++;
        return new Response(JSON.stringify({ error: 'busy', code }), {
          status: 503,
          headers: { 'retry-after': '0' },
        });
      };
    const callsOf = async (code: string, call: (c: Cairn) => Promise<unknown>) => {
      calls = 0;
      const client = new Cairn({ baseUrl, apiKey, fetch: timingOut(code), maxRetryDelay: 0 });
      expect(await call(client).catch((e: unknown) => e)).toBeInstanceOf(ServerError);
      return calls;
    };
    // Issue 26: the upload was sent four times, each a new import job.
    expect(await callsOf('request_timeout', (c) => c.uploadImport('a memory\n'))).toBe(1);
    expect(await callsOf('request_timeout', (c) => c.createTrace({ content: 'x' }))).toBe(1);
    expect(await callsOf('database_unavailable', (c) => c.deleteTrace('t'))).toBe(1);
    // A read repeats; so does a write the admission queue refused before any work.
    expect(await callsOf('request_timeout', (c) => c.stats())).toBe(4);
    expect(await callsOf('overloaded', (c) => c.createTrace({ content: 'x' }))).toBe(4);
  });

  it('Python: the SDK suite (python3 -m unittest) passes against this server', async () => {
    const { stderr } = await run('python3', ['-m', 'unittest', 'discover', '-s', 'tests', '-v'], {
      cwd: PYTHON_SDK,
      env: { ...process.env, CAIRN_URL: baseUrl, CAIRN_API_KEY: apiKey },
    });
    expect(stderr).toMatch(/\nOK\b/);
    expect(stderr).not.toMatch(/skipped/);
  }, 120_000);

  it('both SDKs cover exactly the documented operations of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = new Set(
      Object.entries(doc.paths)
        .filter(([p]) => /^\/api\/(traces|search|stats|account|tags|projects|context)/.test(p))
        .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    const excluded = new Set(NOT_IN_SDK.map(([m, p]) => `${m} ${p}`));
    const wanted = [...documented].filter((op) => !excluded.has(op)).sort();
    const ts = Object.values(ENDPOINTS)
      .map(([m, p]) => `${m} ${p}`)
      .sort();
    expect(ts).toEqual(wanted);

    const { stdout } = await run(
      'python3',
      [
        '-c',
        'import json; from cairn_sdk import ENDPOINTS; print(json.dumps(sorted(f"{m} {p}" for m, p in ENDPOINTS.values())))',
      ],
      { cwd: PYTHON_SDK },
    );
    expect(JSON.parse(stdout)).toEqual(wanted);
    // The same method names, in each language's spelling.
    const { stdout: names } = await run(
      'python3',
      ['-c', 'import json; from cairn_sdk import ENDPOINTS; print(json.dumps(sorted(ENDPOINTS)))'],
      {
        cwd: PYTHON_SDK,
      },
    );
    const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    expect((JSON.parse(names) as string[]).map(camel).sort()).toEqual(Object.keys(ENDPOINTS).sort());
    for (const name of Object.keys(ENDPOINTS))
      expect(typeof (cairn as unknown as Record<string, unknown>)[name]).toBe('function');
  });
});
