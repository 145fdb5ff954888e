// Real: the whole app on a real migrated database, two people signed in through the real routes,
// every request through app.inject(). The matrix is generated from the app's own
// /api/openapi.json: a route added later is called here without anyone editing this file, and
// a route that names a resource this file cannot make one of fails the test until it can.
// B is four credentials: another person's session and API key, and an API key and an OAuth grant
// of A's own that are limited to one of A's projects (ADR 0029): none of them reaches what A keeps
// elsewhere. The REST API refuses OAuth tokens outright (401, ADR 0022), so /mcp, where they work,
// has its own part, generated from tools/list as the REST part is from the OpenAPI document.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../server/test-support/test-app.js';
import { documentedRoutes, fillPath, pathParameters, type Route } from '../fuzz/openapi-routes.js';
import { createRandom } from '../fuzz/random.js';
import { plausible, type Schema } from '../fuzz/values.js';

type McpTool = { name: string; inputSchema: Schema };
type McpAnswer = {
  result?: { isError?: boolean; tools?: McpTool[]; content?: { text?: string }[] };
  error?: { message?: string };
};

/** The kinds of thing a person owns and a route can name by id. */
type Resource =
  | 'trace'
  | 'traceVersion'
  | 'apiKey'
  | 'oauthClient'
  | 'oauthRequest'
  | 'importJob'
  | 'session'
  | 'tag'
  | 'project';

/**
 * Which resource an id in a route names, by the route's path and the parameter's name. A new
 * id-bearing route matches one of these or the test fails, asking for a fixture.
 */
const RESOURCE_OF: { path: RegExp; param: string; resource: Resource }[] = [
  { path: /^\/api\/traces\/\{id\}/, param: 'id', resource: 'trace' },
  // A version is numbered within its trace (ADR 0033): A's trace's first.
  { path: /^\/api\/traces\/\{id\}\/versions\/\{version\}/, param: 'version', resource: 'traceVersion' },
  { path: /^\/api\/api-keys$/, param: 'id', resource: 'apiKey' },
  { path: /^\/api\/api-keys\/\{id\}$/, param: 'id', resource: 'apiKey' },
  { path: /^\/api\/oauth-clients\/\{clientId\}/, param: 'clientId', resource: 'oauthClient' },
  { path: /^\/api\/oauth\/requests\/\{id\}/, param: 'id', resource: 'oauthRequest' },
  { path: /^\/api\/account\/import\/jobs\/\{id\}/, param: 'id', resource: 'importJob' },
  { path: /^\/api\/sessions\/\{id\}$/, param: 'id', resource: 'session' },
  // A tag is named, not numbered: B names one only A's traces carry.
  { path: /^\/api\/tags\/\{tag\}$/, param: 'tag', resource: 'tag' },
  { path: /^\/api\/projects\/\{id\}$/, param: 'id', resource: 'project' },
];

/** A parameter that carries an id: a path parameter, or a query parameter named like one. */
const idParameters = (route: Route): { name: string; in: 'path' | 'query' }[] => [
  ...pathParameters(route.path).map((name) => ({ name, in: 'path' as const })),
  ...route.parameters
    .filter((p) => p.in === 'query' && (p.name === 'id' || /Id$/.test(p.name)))
    .map((p) => ({ name: p.name, in: 'query' as const })),
];

/** A body B could legitimately send, so the refusal is about whose the id is, not the body. */
const BODIES: Record<string, unknown> = {
  'PATCH /api/traces/{id}': { content: 'overwritten by someone else' },
  'PATCH /api/oauth-clients/{clientId}': { name: 'taken over' },
  'PATCH /api/api-keys/{id}': { name: 'taken over' },
  'PATCH /api/tags/{tag}': { name: 'taken over' },
  'PATCH /api/projects/{id}': { name: 'taken over' },
  'POST /api/oauth/requests/{id}/approve': {},
};

/**
 * Defects this matrix has found and that are not fixed yet, as "METHOD /path". An entry here must
 * still fail (the test says so once it is fixed), so the list cannot hide a regression for long.
 * Empty: the one it found (B could deny A's consent request) is fixed.
 */
const KNOWN_DEFECTS = new Set<string>();

/** Routes that act on the caller's own account as a whole, not on an id: never called as B here. */
const ACCOUNT_WIDE = new Set(['DELETE /api/account', 'POST /api/auth/password', 'POST /api/auth/logout']);

describe('isolation matrix from /api/openapi.json: B never reaches what A owns', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let bKey: string;
  /** A's own key, limited to a project of A's that holds none of A's fixtures. */
  let limitedKey: string;
  /** A's own OAuth grant, approved on the consent API for that same project. */
  let limitedOAuth: string;
  /** Who each credential is, for the failure messages. */
  const who = (credential: string) =>
    credential === bKey
      ? 'API key'
      : credential === limitedKey
        ? "A's project-limited key"
        : credential === limitedOAuth
          ? "A's project-limited OAuth grant"
          : 'session';
  const ids = {} as Record<Resource, string>;
  /** Strings only A's data contains: none may appear in any answer to B. */
  const secrets: string[] = [];
  /** What B searches for: in A's note too, but B's own query may echo it, so it is not a secret. */
  let searchWord = '';

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.signUp({ email: `alice-${randomBytes(4).toString('hex')}@example.com` });
    b = await t.signUp();
    bKey = (await t.apiKey(b)).token;
    const marker = `alicesecret${randomBytes(6).toString('hex')}`;
    searchWord = `alicesearch${randomBytes(6).toString('hex')}`;
    secrets.push(marker, a.email);

    ids.trace = (
      await t.trace(a, { content: `A private note ${searchWord} ${marker}`, tags: [searchWord, marker] })
    ).id;
    // An edit, so the trace has a version 1 (its history, ADR 0033) that B must not reach either.
    const edited = await t
      .as(a)
      .patch(`/api/traces/${ids.trace}`, { content: `A private note, edited ${searchWord} ${marker}` });
    expect(edited.status, edited.body).toBe(200);
    ids.traceVersion = '1';
    const key = await t.apiKey(a, { name: `key ${marker}` });
    ids.apiKey = key.id;
    secrets.push(key.token);
    const client = await t.as(a).post('/api/oauth-clients', {
      name: `client ${marker}`,
      platform: 'generic',
      redirect_uris: ['https://assistant.example/callback'],
    });
    expect(client.status, client.body).toBe(201);
    ids.oauthClient = client.json.id as string;
    secrets.push(client.json.client_secret as string);
    const authorize = await t.as(null).get(
      `/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: client.json.client_id as string,
        redirect_uri: 'https://assistant.example/callback',
        code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
        code_challenge_method: 'S256',
        state: 'isolation',
        resource: `${t.config.publicUrl}/mcp`,
      }).toString()}`,
      { headers: { accept: 'text/html' } },
    );
    const requestId = new URL(String(authorize.headers.location), t.config.publicUrl).searchParams.get(
      'request',
    );
    expect(requestId, `authorize answered ${authorize.status}`).toBeTruthy();
    ids.oauthRequest = requestId!;
    const job = await t.app.inject({
      method: 'POST',
      url: `/api/account/import/jobs?name=${marker}.txt`,
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'text/plain' },
      payload: `first ${marker}\nsecond ${marker}\n`,
    });
    expect(job.statusCode, job.body).toBe(201);
    ids.importJob = (job.json() as { id: string }).id;
    ids.session = (await t.as(a).get('/api/sessions')).json[0]!.id;
    ids.tag = marker;
    const project = await t.as(a).post('/api/projects', { name: `project ${marker}` });
    expect(project.status, project.body).toBe(201);
    ids.project = project.json.id as string;
    // The limited key's project is empty: everything of A's above is outside it.
    await t.as(a).post('/api/projects', { name: 'limited scope' });
    limitedKey = (await t.apiKey(a, { project: 'limited scope' })).token;
    limitedOAuth = (await t.oauthToken(a, { project: 'limited scope' })).token;
  });
  afterAll(async () => t?.close());

  it('has a fixture for every id-bearing route (a new route must say what its id names)', async () => {
    const { routes } = await documentedRoutes(t.app);
    const missing = routes
      .filter((r) => !ACCOUNT_WIDE.has(`${r.method} ${r.path}`))
      .flatMap((r) =>
        idParameters(r)
          .filter((p) => !RESOURCE_OF.some((m) => m.path.test(r.path) && m.param === p.name))
          .map((p) => `${r.method} ${r.path} (${p.in} ${p.name})`),
      );
    expect(missing).toEqual([]);
  });

  it("answers B 404 or 403 on every route given A's ids, with none of A's data, and changes nothing of A's", async () => {
    const { routes, resolve } = await documentedRoutes(t.app);
    const r = createRandom(1);
    const leaks: string[] = [];
    const wrongStatus: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const params = idParameters(route);
      if (!params.length || ACCOUNT_WIDE.has(key)) continue;
      const resourceOf = (name: string) =>
        RESOURCE_OF.find((m) => m.path.test(route.path) && m.param === name)!.resource;
      let url = fillPath(route.path, (name) => ids[resourceOf(name)]);
      const query = params.filter((p) => p.in === 'query');
      if (query.length)
        url += `?${new URLSearchParams(query.map((p): [string, string] => [p.name, ids[resourceOf(p.name)]])).toString()}`;
      const body =
        key in BODIES ? BODIES[key] : route.body ? plausible(route.body as Schema, r, resolve) : undefined;
      let allRefused = true;
      for (const credential of [b.token, bKey, limitedKey, limitedOAuth]) {
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: {
            authorization: `Bearer ${credential}`,
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
        });
        calls += 1;
        const label = `${key} as B (${who(credential)}): ${res.statusCode}`;
        // An OAuth token is for /mcp only: REST answers it 401 before anything is looked up.
        const refused =
          [403, 404].includes(res.statusCode) || (credential === limitedOAuth && res.statusCode === 401);
        allRefused &&= refused;
        if (!refused && !KNOWN_DEFECTS.has(key)) wrongStatus.push(`${label} ${res.body.slice(0, 200)}`);
        if (secrets.some((s) => res.body.includes(s))) leaks.push(label);
      }
      // The same read as A succeeds: the ids are real, so B's 404 is about whose they are.
      if (route.method === 'GET') {
        const own = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${a.token}` },
        });
        if (own.statusCode !== 200)
          wrongStatus.push(`${key} as A: ${own.statusCode} (the fixture id is not real)`);
      }
      if (KNOWN_DEFECTS.has(key) && allRefused)
        wrongStatus.push(`${key} is fixed: take it out of KNOWN_DEFECTS`);
    }
    expect(calls).toBeGreaterThanOrEqual(4 * 12);
    expect(wrongStatus).toEqual([]);
    expect(leaks).toEqual([]);

    // A's things are all still there and unchanged.
    const trace = await t.as(a).get(`/api/traces/${ids.trace}`);
    expect(trace.status).toBe(200);
    expect(trace.json.content).toContain('A private note');
    expect((await t.as(a).get('/api/api-keys')).json.map((k: { id: string }) => k.id)).toContain(ids.apiKey);
    const clients = await t.as(a).get('/api/oauth-clients');
    expect(clients.json.map((c: { id: string }) => c.id)).toContain(ids.oauthClient);
    expect(clients.json.find((c: { id: string }) => c.id === ids.oauthClient).name).toMatch(/^client /);
    expect((await t.as(a).get(`/api/oauth/requests/${ids.oauthRequest}`)).status).toBe(200);
    const job = await t.as(a).get(`/api/account/import/jobs/${ids.importJob}`);
    expect(job.status).toBe(200);
    expect(job.json.status).not.toBe('cancelled');
    expect((await t.as(a).get('/api/sessions')).json.map((s) => s.id)).toContain(ids.session);
    expect(trace.json.tags).toContain(ids.tag);
    expect((await t.as(a).get('/api/api-keys')).json.find((k) => k.id === ids.apiKey)?.name).toMatch(/^key /);
    const projects = await t.as(a).get('/api/projects');
    expect(projects.json.projects.map((p: { id: string }) => p.id)).toContain(ids.project);
    expect(projects.json.projects.find((p: { id: string }) => p.id === ids.project).name).toMatch(
      /^project /,
    );
  });

  it("shows B none of A's data on every route that takes no id (lists, search, stats, export)", async () => {
    const { routes, resolve } = await documentedRoutes(t.app);
    const r = createRandom(2);
    const leaks: string[] = [];
    // A version number ("1") is counted within its trace and names nothing of A's on its own.
    const namingIds = Object.entries(ids)
      .filter(([resource]) => resource !== 'traceVersion')
      .map(([, id]) => id);
    let calls = 0;
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (idParameters(route).length || ACCOUNT_WIDE.has(key) || !route.authenticated) continue;
      if (route.method !== 'GET' && !/search/.test(route.path)) continue;
      // Queries that would find A's data if it were visible: A's marker as the search text.
      const query = new URLSearchParams();
      for (const p of route.parameters.filter((p) => p.in === 'query'))
        if (['q', 'search', 'tags'].includes(p.name)) query.set(p.name, searchWord);
      const url = query.size ? `${route.path}?${query.toString()}` : route.path;
      const body = route.body
        ? { ...(plausible(route.body, r, resolve) as object), query: searchWord }
        : undefined;
      for (const credential of [b.token, bKey, limitedKey, limitedOAuth]) {
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: {
            authorization: `Bearer ${credential}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { payload: JSON.stringify(body) } : {}),
        });
        calls += 1;
        // A's ids too: B named none of them here, so an answer holding one shows A's thing. A's
        // own limited key may know whose it is (the session route names A): not a trace of A's.
        const own = credential === limitedKey || credential === limitedOAuth;
        const hidden = own ? secrets.filter((s) => s !== a.email) : secrets;
        if ([...hidden, ...namingIds].some((s) => res.body.includes(s)))
          leaks.push(`${key}: ${res.statusCode}`);
      }
    }
    expect(calls).toBeGreaterThanOrEqual(4 * 8);
    expect(leaks).toEqual([]);
  });

  it("answers every MCP tool given A's trace id as not found, and shows none of A's data in any other tool", async () => {
    const mcp = async (credential: string, method: string, params: unknown): Promise<McpAnswer> => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          authorization: `Bearer ${credential}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      expect(res.statusCode, `${method} as ${who(credential)}: ${res.body}`).toBe(200);
      // The stateless leg answers as JSON or as one SSE `data:` line.
      const line = res.body.startsWith('{') ? res.body : (/^data: (.*)$/m.exec(res.body)?.[1] ?? '{}');
      return JSON.parse(line) as McpAnswer;
    };
    const r = createRandom(3);
    const noRefs = (ref: string): Schema => {
      throw new Error(`MCP tool schemas are expected inline, found ${ref}`);
    };
    /** A trace the credential itself made (in its project, for a limited one), made once. */
    const own = new Map<string, string>();
    const ownTrace = async (credential: string): Promise<string> => {
      const made = own.get(credential);
      if (made) return made;
      const answer = await mcp(credential, 'tools/call', {
        name: 'create',
        arguments: { title: 'Own note', content: `A note of ${who(credential)}` },
      });
      const id = (JSON.parse(answer.result?.content?.[0]?.text ?? '{}') as { trace?: { id: string } }).trace
        ?.id;
      if (!id) throw new Error(`could not create a trace as ${who(credential)}: ${JSON.stringify(answer)}`);
      own.set(credential, id);
      return id;
    };
    const tools = (await mcp(limitedOAuth, 'tools/list', {})).result?.tools ?? [];
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['fetch', 'update', 'delete', 'search']),
    );
    const wrong: string[] = [];
    const leaks: string[] = [];
    let calls = 0;
    for (const tool of tools) {
      const props = tool.inputSchema.properties ?? {};
      const required = tool.inputSchema.required ?? [];
      // What the tool needs, made up; the id is A's trace; a write would overwrite its content.
      const args: Record<string, unknown> = {};
      for (const name of required) args[name] = plausible(props[name], r, noRefs);
      if (props.id) {
        args.id = ids.trace;
        if (props.content) args.content = 'overwritten by someone else';
      } else {
        // A read that would find A's note if it were visible, across every project the caller may see.
        if (props.query) args.query = searchWord;
        if (props.task) args.task = searchWord;
        if (props.min_relevance) args.min_relevance = 0;
        if (props.project) args.project = '*';
      }
      // A tool acting on several ids (supersede) is given A's trace among them, and the caller's
      // own trace as the other party, so only A's id can be the reason it is refused.
      const targetsA = Boolean(props.id || props.ids);
      if (props.ids) args.ids = [ids.trace];
      for (const credential of [bKey, limitedKey, limitedOAuth]) {
        if (props.by) args.by = await ownTrace(credential);
        const answer = await mcp(credential, 'tools/call', { name: tool.name, arguments: args });
        calls += 1;
        const label = `${tool.name} as ${who(credential)}`;
        if (targetsA && !(answer.error || answer.result?.isError)) wrong.push(`${label} was not refused`);
        // A's id counts only where the caller did not send it; A's own credentials may know A's address.
        const own = credential !== bKey;
        const hidden = [...secrets.filter((s) => !own || s !== a.email), ...(targetsA ? [] : [ids.trace])];
        const text = JSON.stringify(answer);
        if (hidden.some((s) => text.includes(s))) leaks.push(label);
      }
    }
    expect(calls).toBeGreaterThanOrEqual(3 * 4);
    expect(wrong).toEqual([]);
    expect(leaks).toEqual([]);
    const trace = await t.as(a).get(`/api/traces/${ids.trace}`);
    expect(trace.status).toBe(200);
    expect(trace.json.content).toContain('A private note');
  });
});
