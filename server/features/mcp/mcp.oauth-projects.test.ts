// Real: the whole app listening on 127.0.0.1 (PUBLIC_URL = that address) on a real migrated
// database, a person and their projects and traces made through the REST routes, the OAuth 2.1
// flow over HTTP (client registration, /oauth/authorize with PKCE, the consent API, the code
// exchange and refresh at /oauth/token), and the official v2 MCP client over real HTTP. Nothing
// is faked. What it shows: a grant the person limits to one project on the consent screen behaves
// exactly like an API key limited to that project (ADR 0029), and keeps the limit through refresh.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContextResponse } from '../../../contract/context.js';
import {
  connectV2,
  INITIALIZE,
  type McpTestServer,
  type Person,
  rawPost,
  startMcpTestServer,
  textJson,
} from './testing/mcp-test-kit.js';

type ToolResult = {
  content: { type: string; text: string }[];
  isError?: boolean;
  structuredContent?: unknown;
};
type Client = Awaited<ReturnType<typeof connectV2>>;
type Answer = { status: number; body: Record<string, unknown> };

const REDIRECT = 'https://assistant.example/callback';

let t: McpTestServer;
let ann: Person;
const id = {} as Record<'api' | 'web' | 'personal', string>;
const projectIds = {} as Record<'api' | 'web' | 'old', string>;

const call = async (c: Client, name: string, args: Record<string, unknown>) =>
  (await c.callTool({ name, arguments: args })) as ToolResult;
const created = (r: ToolResult) => (textJson(r) as { trace: { id: string; project: string | null } }).trace;
const resultIds = (r: ToolResult) => (textJson(r) as { results: { id: string }[] }).results.map((x) => x.id);

async function http(
  method: string,
  path: string,
  opts: { json?: unknown; form?: Record<string, string> } = {},
) {
  const res = await fetch(`${t.baseUrl}${path}`, {
    method,
    // The token endpoint authenticates the client by its form fields; everything else is Ann's session.
    headers: opts.form
      ? { 'content-type': 'application/x-www-form-urlencoded' }
      : { ...ann.headers, ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(opts.json !== undefined ? { body: JSON.stringify(opts.json) } : {}),
    ...(opts.form ? { body: new URLSearchParams(opts.form).toString() } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  } satisfies Answer;
}

/** A client of Ann's and a pending authorization request for it, as an assistant starts one. */
async function pendingRequest() {
  const client = await http('POST', '/api/oauth-clients', {
    json: { name: 'Coding assistant', platform: 'generic', redirect_uris: [REDIRECT] },
  });
  expect(client.status).toBe(201);
  const clientId = String(client.body.client_id);
  const clientSecret = String(client.body.client_secret);
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'projects',
    resource: t.mcpUrl,
  });
  const res = await fetch(`${t.baseUrl}/oauth/authorize?${query.toString()}`, {
    redirect: 'manual',
    headers: { accept: 'text/html' },
  });
  const requestId = new URL(res.headers.get('location') ?? '', t.baseUrl).searchParams.get('request');
  expect(requestId, `authorize answered ${res.status}`).toBeTruthy();
  return { requestId: requestId!, clientId, clientSecret, verifier };
}

type Pending = Awaited<ReturnType<typeof pendingRequest>>;

/** The code exchange at /oauth/token: the access and refresh tokens. */
async function exchange(p: Pending, redirectTo: unknown) {
  const code = new URL(String(redirectTo)).searchParams.get('code') ?? '';
  const token = await http('POST', '/oauth/token', {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      code_verifier: p.verifier,
      client_id: p.clientId,
      client_secret: p.clientSecret,
      resource: t.mcpUrl,
    },
  });
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  return { access: String(token.body.access_token), refresh: String(token.body.refresh_token) };
}

async function refresh(p: Pending, refreshToken: string) {
  return http('POST', '/oauth/token', {
    form: {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: p.clientId,
      client_secret: p.clientSecret,
    },
  });
}

/** A grant Ann approves for `project` on the consent API, exchanged for tokens. */
async function grantFor(project: string | null) {
  const p = await pendingRequest();
  const approved = await http('POST', `/api/oauth/requests/${p.requestId}/approve`, { json: { project } });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return { ...p, ...(await exchange(p, approved.body.redirect_to)) };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** What the OAuth Clients page shows a client's live grants reach. */
async function accessOf(clientId: string) {
  const list = await fetch(`${t.baseUrl}/api/oauth-clients`, { headers: ann.headers });
  const clients = (await list.json()) as { client_id: string; access?: (string | null)[] }[];
  return clients.find((c) => c.client_id === clientId)?.access;
}

beforeAll(async () => {
  t = await startMcpTestServer();
  ann = await t.person();
  for (const [key, name] of [
    ['api', 'acme/api'],
    ['web', 'acme/web'],
    ['old', 'acme/old'],
  ] as const) {
    const made = await http('POST', '/api/projects', { json: { name } });
    expect(made.status).toBe(201);
    projectIds[key] = String(made.body.id);
  }
  expect((await http('PATCH', `/api/projects/${projectIds.old}`, { json: { archived: true } })).status).toBe(
    200,
  );
  id.api = (
    await t.trace(ann, {
      content: 'The API runs database migrations with knex before each deploy.',
      project: 'acme/api',
    })
  ).id;
  id.web = (
    await t.trace(ann, {
      content: 'The web app deploys to the CDN after the database migrations finish.',
      project: 'acme/web',
    })
  ).id;
  id.personal = (await t.trace(ann, { content: 'I never deploy database migrations on a Friday.' })).id;
});
afterAll(async () => t?.close());

describe('the consent API offers and checks the project a grant is limited to', () => {
  it("lists the person's projects in use, and refuses an unknown or archived one without issuing anything", async () => {
    const p = await pendingRequest();
    const info = await http('GET', `/api/oauth/requests/${p.requestId}`);
    expect(info.status).toBe(200);
    expect(info.body.projects).toEqual(['acme/api', 'acme/web']);

    const unknown = await http('POST', `/api/oauth/requests/${p.requestId}/approve`, {
      json: { project: 'acme/nope' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'unknown_project', details: [{ path: 'project' }] });
    expect(String(unknown.body.error)).toContain('acme/nope');
    const archived = await http('POST', `/api/oauth/requests/${p.requestId}/approve`, {
      json: { project: 'ACME/OLD' },
    });
    expect(archived.status).toBe(400);
    expect(archived.body).toMatchObject({ code: 'project_archived', details: [{ path: 'project' }] });
    expect(
      (await http('POST', `/api/oauth/requests/${p.requestId}/approve`, { json: { project: '*' } })).status,
    ).toBe(400);

    // Nothing was issued: the request is still pending, and approving it now works.
    expect((await http('GET', `/api/oauth/requests/${p.requestId}`)).status).toBe(200);
    const approved = await http('POST', `/api/oauth/requests/${p.requestId}/approve`, {
      json: { project: ' ACME/API ' },
    });
    expect(approved.status).toBe(200);
    const tokens = await exchange(p, approved.body.redirect_to);
    expect(await t.principal({ token: tokens.access })).toMatchObject({
      via: 'oauth',
      project: { id: projectIds.api, name: 'acme/api' },
    });
  });

  it('leaves a grant approved without a project (or with null) whole-account', async () => {
    const whole = await grantFor(null);
    const principal = await t.principal({ token: whole.access });
    expect(principal.via).toBe('oauth');
    expect(principal.project).toBeUndefined();
    expect(await accessOf(whole.clientId)).toEqual([null]);
  });
});

describe('MCP with an OAuth grant limited to a project', () => {
  it("sees and touches only its project's traces (not the personal ones), and creates there", async () => {
    const grant = await grantFor('acme/api');
    expect(await accessOf(grant.clientId)).toEqual(['acme/api']);
    const limited = await connectV2(t.mcpUrl, bearer(grant.access));
    try {
      for (const other of [id.web, id.personal]) {
        const res = await call(limited, 'fetch', { id: other });
        expect(res.isError).toBe(true);
        expect(res.content[0]!.text).toContain('Trace not found');
        expect((await call(limited, 'update', { id: other, content: 'taken over' })).isError).toBe(true);
        expect((await call(limited, 'delete', { id: other })).isError).toBe(true);
      }
      expect((await call(limited, 'fetch', { id: id.api })).isError).toBeFalsy();
      const found = resultIds(
        await call(limited, 'search', {
          query: 'database migrations deploy',
          project: '*',
          min_relevance: 0,
        }),
      );
      expect(found).toEqual([id.api]);
      expect((await call(limited, 'search', { query: 'deploy', project: 'acme/web' })).isError).toBe(true);
      const note = created(
        await call(limited, 'create', { title: 'Lint', content: 'The API lints with eslint.' }),
      );
      expect(note.project).toBe('acme/api');
      const brief = (await call(limited, 'context', {})).structuredContent as ContextResponse;
      expect(brief.items.length).toBeGreaterThan(0);
      expect(brief.items.every((i) => i.project === 'acme/api')).toBe(true);
    } finally {
      await limited.close();
    }
    // What it did not touch is as it was.
    const web = await http('GET', `/api/traces/${id.web}`);
    expect(web.body.content).toContain('CDN');
    expect((await http('GET', `/api/traces/${id.personal}`)).status).toBe(200);
  });

  it('keeps the limit through refresh, and stops working when its project is deleted', async () => {
    const made = await http('POST', '/api/projects', { json: { name: 'acme/cli' } });
    expect(made.status).toBe(201);
    const cli = await t.trace(ann, { content: 'The CLI parses flags with yargs.', project: 'acme/cli' });
    const grant = await grantFor('acme/cli');
    const refreshed = await refresh(grant, grant.refresh);
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const access = String(refreshed.body.access_token);
    expect(await t.principal({ token: access })).toMatchObject({ project: { name: 'acme/cli' } });
    const client = await connectV2(t.mcpUrl, bearer(access));
    try {
      const found = resultIds(
        await call(client, 'search', {
          query: 'database migrations deploy yargs flags',
          project: '*',
          min_relevance: 0,
        }),
      );
      expect(found).toEqual([cli.id]);
    } finally {
      await client.close();
    }

    // Deleting the project (its traces made personal) ends the grant: 401, and no refresh either.
    const removed = await http('DELETE', `/api/projects/${String(made.body.id)}?traces=personal`);
    expect(removed.status).toBe(200);
    for (const token of [grant.access, access]) {
      const res = await rawPost(t.mcpUrl, INITIALIZE, bearer(token));
      expect(res.status).toBe(401);
    }
    const again = await refresh(grant, String(refreshed.body.refresh_token));
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('invalid_grant');
    expect(await accessOf(grant.clientId)).toEqual([]);
    // The whole-account credentials of the person are untouched.
    expect((await rawPost(t.mcpUrl, INITIALIZE, ann.bearer)).status).toBe(200);
  });
});
