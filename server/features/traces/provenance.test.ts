// Real: the whole app listening on 127.0.0.1 on a real migrated database (PGlite, or PostgreSQL
// under TEST_DATABASE_URL), a person, an API key and an OAuth token made through the real routes
// (registration, PKCE, consent, code exchange), the official v2 MCP client over real HTTP, an
// import job run by the real runner, the streamed export. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../../contract/account.js';
import type { Trace } from '../../../contract/traces.js';
import { connectV2, type McpTestServer, startMcpTestServer, textJson } from '../mcp/testing/mcp-test-kit.js';
import type { TestApiKey, TestOAuthToken, TestUser } from '../../test-support/test-app.js';

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };
type Client = Awaited<ReturnType<typeof connectV2>>;

describe('provenance: what created a trace and what last changed it (ADR 0033)', () => {
  let t: McpTestServer;
  let me: TestUser;
  let key: TestApiKey;
  let oauth: TestOAuthToken;
  let assistant: Client;
  let script: Client;
  const id = {} as Record<'web' | 'oauth' | 'mcpKey' | 'imported', string>;

  const call = async (c: Client, name: string, args: Record<string, unknown>) =>
    (await c.callTool({ name, arguments: args })) as ToolResult;
  const createdId = (r: ToolResult) => (textJson(r) as { trace: { id: string } }).trace.id;
  const get = async (traceId: string) => (await t.as(me).get(`/api/traces/${traceId}`)).json as Trace;

  beforeAll(async () => {
    t = await startMcpTestServer();
    me = await t.signUp();
    key = await t.apiKey(me, { name: 'Laptop script' });
    oauth = await t.oauthToken(me);
    assistant = await connectV2(t.mcpUrl, { authorization: `Bearer ${oauth.token}` });
    script = await connectV2(t.mcpUrl, { authorization: `Bearer ${key.token}` });

    id.web = (await t.trace(me, { content: 'Written in the web app: I like green tea.' })).id;
    id.oauth = createdId(
      await call(assistant, 'create', {
        title: 'Package manager',
        content: 'Written by the assistant: the repo uses pnpm.',
      }),
    );
    id.mcpKey = createdId(
      await call(script, 'create', {
        title: 'Backups',
        content: 'Written by a script over MCP: backups at 2am.',
      }),
    );

    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/account/import/jobs?name=notes.txt',
      headers: { ...me.headers, 'content-type': 'text/plain' },
      payload: 'Imported: the dentist is on Main Street.\n',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const jobId = (upload.json() as { id: string }).id;
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/account/import/jobs/${jobId}/start`,
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: {},
    });
    expect(started.statusCode, started.body).toBe(202);
    await t.app.services.importRunner.drain();
    const listed = await t.as(me).get('/api/traces?search=dentist');
    id.imported = listed.json.traces[0]!.id;
  });
  afterAll(async () => {
    await assistant?.close();
    await script?.close();
    await t?.close();
  });

  it('names the OAuth client (the assistant), the API key, the web app and the import job', async () => {
    expect((await get(id.oauth)).created_by).toEqual({
      kind: 'oauth_client',
      id: oauth.clientId,
      name: 'Test assistant',
    });
    expect((await get(id.mcpKey)).created_by).toEqual({ kind: 'api_key', id: key.id, name: 'Laptop script' });
    expect((await get(id.web)).created_by).toEqual({ kind: 'web', id: null, name: 'web app' });
    const imported = await get(id.imported);
    expect(imported.created_by).toMatchObject({ kind: 'import', name: 'notes.txt' });
    // Creation is the first write: the last writer until someone edits it.
    expect(imported.updated_by).toEqual(imported.created_by);
  });

  it('records who last changed it, and puts both in MCP fetch metadata', async () => {
    const edit = await call(assistant, 'update', {
      id: id.web,
      content: 'Written in the web app, corrected by the assistant: I like jasmine tea.',
    });
    expect(edit.isError, JSON.stringify(edit)).toBeFalsy();
    const fetched = textJson(await call(script, 'fetch', { id: id.web })) as {
      metadata: { created_by: unknown; updated_by: unknown };
    };
    expect(fetched.metadata.created_by).toEqual({ kind: 'web', id: null, name: 'web app' });
    expect(fetched.metadata.updated_by).toMatchObject({ kind: 'oauth_client', name: 'Test assistant' });
    const versions = await t.as(me).get(`/api/traces/${id.web}/versions`);
    expect(versions.json.versions[0]!.changed_by).toMatchObject({
      kind: 'oauth_client',
      name: 'Test assistant',
    });
  });

  it('filters the list by what created the traces, with the other filters', async () => {
    const ids = async (query: string) =>
      (await t.as(me).get(`/api/traces?${query}`)).json.traces.map((x: Trace) => x.id) as string[];
    expect(await ids('created_by_kind=oauth_client')).toEqual([id.oauth]);
    expect(await ids('created_by_kind=api_key')).toEqual([id.mcpKey]);
    expect(await ids('created_by_kind=import')).toEqual([id.imported]);
    expect(await ids('created_by_kind=web&search=tea')).toEqual([id.web]);
    expect(await ids('created_by_kind=web&search=pnpm')).toEqual([]);
    expect(await ids(`created_by_kind=api_key&exclude=${id.mcpKey}`)).toEqual([]);
    const page = await t.as(me).get('/api/traces?created_by_kind=oauth_client');
    expect(page.json.totalCount).toBe(1);
    expect((await t.as(me).get('/api/traces?created_by_kind=robot')).status).toBe(400);
  });

  it('exports provenance, and with include_history the versions', async () => {
    const plain = await t.as(me).get('/api/account/export');
    expect(plain.status).toBe(200);
    const file = JSON.parse(plain.body) as AccountExport;
    const oauthTrace = file.traces.find((x) => x.id === id.oauth)!;
    expect(oauthTrace.created_by).toMatchObject({ kind: 'oauth_client', name: 'Test assistant' });
    expect(oauthTrace.versions).toBeUndefined();

    const full = JSON.parse(
      (await t.as(me).get('/api/account/export?include_history=true')).body,
    ) as AccountExport;
    const edited = full.traces.find((x) => x.id === id.web)!;
    expect(edited.versions?.map((v) => [v.version, v.content])).toEqual([
      [1, 'Written in the web app: I like green tea.'],
    ]);
    expect(full.traces.find((x) => x.id === id.oauth)!.versions).toEqual([]);
  });

  it('says so once the OAuth client is deleted', async () => {
    const removed = await t.as(me).delete(`/api/oauth-clients/${encodeURIComponent(oauth.clientId)}`);
    expect([200, 204]).toContain(removed.status);
    expect((await get(id.oauth)).created_by).toEqual({
      kind: 'oauth_client',
      id: oauth.clientId,
      name: 'deleted OAuth client',
    });
  });
});
