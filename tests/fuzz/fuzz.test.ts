// Real: the whole app on a real migrated database, driven through app.inject() (Fastify's full
// request path without a socket, so a few thousand requests fit in well under a minute). The
// only replaced part is the fetch of OAuth client metadata documents: the network edge.
//
// Bounded and seeded: the seed is printed; `FUZZ_SEED=<seed> npx vitest run tests/fuzz` replays a
// run request for request. A failure lists each offending request with the seed.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MetadataDocumentError } from '../../server/features/oauth/server/cimd-fetch.js';
import { createTestApp, type TestApp, type TestUser } from '../../server/test-support/test-app.js';
import { documentedRoutes, fillPath, type Route } from './openapi-routes.js';
import { createRandom, seedFromEnv, type Random } from './random.js';
import { HOSTILE, hostileText, mutate, plausible, type Schema } from './values.js';

const SEED = seedFromEnv();
/** Requests per documented operation; a run is about 2,000 REST, 600 OAuth and 700 MCP requests. */
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 40);
/** Operations that verify a password (argon2, ~50 ms each) get fewer, so the run stays bounded. */
const PER_PASSWORD_ROUTE = Math.max(4, Math.floor(PER_ROUTE / 5));
const PASSWORD_ROUTES = new Set([
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/setup',
  'POST /api/auth/password',
  'DELETE /api/account',
]);

type Sent = { method: string; url: string; payload?: string; headers?: Record<string, string> };
type Failure = Sent & { status: number; why: string; body: string };

const excerpt = (s: string | undefined, n = 300) =>
  s === undefined ? undefined : s.length > n ? `${s.slice(0, n)}…` : s;

/** A failure as the report shows it: the request and the answer, both cut short. */
const failure = (sent: Sent, res: { status: number; body: string }, why: string): Failure => ({
  ...sent,
  payload: excerpt(sent.payload),
  status: res.status,
  why,
  body: excerpt(res.body)!,
});

describe(`fuzz (seed ${SEED}; replay with FUZZ_SEED=${SEED})`, () => {
  let t: TestApp;
  let user: TestUser;
  let apiKey: string;
  let host: string;
  /** Ids the user really owns, so some requests reach past "not found" into the services. */
  const owned: Record<string, string[]> = {};

  beforeAll(async () => {
    console.log(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run tests/fuzz)`);
    t = await createTestApp(
      { ALLOW_REGISTRATION: 'true', REGISTRATIONS_PER_HOUR: '1000000' },
      {
        deps: {
          fetchMetadataDocument: async () => {
            throw new MetadataDocumentError('the fuzz run fetches no metadata documents');
          },
        },
      },
    );
    host = new URL(t.config.publicUrl).host;
    user = await t.signUp();
    apiKey = (await t.apiKey(user)).token;
    const trace = await t.trace(user, { content: 'a note the fuzzer may read, change and delete' });
    const keys = await t.as(user).get('/api/api-keys');
    const client = await t.app.inject({
      method: 'POST',
      url: '/api/oauth-clients',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: { name: 'fuzz client', redirect_uris: ['https://example.com/callback'] },
    });
    const job = await t.app.inject({
      method: 'POST',
      url: '/api/account/import/jobs?name=notes.txt',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/plain' },
      payload: 'first memory\nsecond memory\n',
    });
    owned.trace = [trace.id];
    owned.apiKey = (keys.json as { id: string }[]).map((k) => k.id);
    owned.client = client.statusCode === 201 ? [(client.json() as { id: string }).id] : [];
    owned.job = job.statusCode === 201 ? [(job.json() as { id: string }).id] : [];
  });
  afterAll(async () => t?.close());

  async function send(sent: Sent): Promise<{ status: number; contentType: string; body: string }> {
    const res = await t.app.inject({
      method: sent.method as InjectOptions['method'],
      url: sent.url,
      headers: { host, ...sent.headers },
      ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
    });
    return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
  }

  const idFor = (path: string, r: Random): string => {
    const pool = path.includes('oauth-clients')
      ? owned.client
      : path.includes('import/jobs')
        ? owned.job
        : path.includes('api-keys')
          ? owned.apiKey
          : owned.trace;
    const roll = r.int(4);
    if (roll === 0 && pool?.length) return r.pick(pool);
    if (roll === 1) return crypto.randomUUID();
    return hostileText(r);
  };

  function restRequest(route: Route, r: Random, resolve: (ref: string) => Schema): Sent {
    const params = new URLSearchParams();
    for (const p of route.parameters.filter((p) => p.in === 'query')) {
      const roll = r.int(4);
      if (roll === 0) continue;
      const value = roll === 1 ? plausible(p.schema, r, resolve) : hostileText(r);
      params.append(p.name, typeof value === 'string' ? value : JSON.stringify(value));
      // The same parameter twice arrives as an array.
      if (r.chance(0.1)) params.append(p.name, hostileText(r));
    }
    if (r.chance(0.1)) params.append(hostileText(r).slice(0, 50), hostileText(r));
    let url = fillPath(route.path, () => idFor(route.path, r));
    const query = params.toString();
    if (query) url += `?${query}`;
    const credential = r.chance(0.1) ? null : r.chance(0.7) ? user.token : apiKey;
    const headers: Record<string, string> = credential ? { authorization: `Bearer ${credential}` } : {};
    if (route.method === 'GET' || (route.method === 'DELETE' && !route.body))
      return { method: route.method, url, headers };
    const valid = plausible(route.body, r, resolve);
    const roll = r.int(10);
    let payload: string;
    if (roll === 0) {
      payload = r.pick(['{', '{"a":', 'not json', '[1,2', '"\\ud800"', '{"a":1}{"b":2}', '\u0000']);
    } else if (roll === 1) {
      headers['content-type'] = r.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
      ]);
      payload = hostileText(r);
    } else {
      payload = JSON.stringify(roll === 2 ? valid : mutate(valid, r)) ?? 'null';
    }
    headers['content-type'] ??= 'application/json';
    return { method: route.method, url, headers, payload };
  }

  /** The REST contract: never a 5xx; every refusal a JSON body with a string `code`. */
  function restProblem(res: { status: number; contentType: string; body: string }): string | undefined {
    if (res.status >= 500) return `status ${res.status}`;
    if (res.status < 400) return undefined;
    if (!res.contentType.includes('application/json'))
      return `refusal is ${res.contentType || 'no content type'}, not JSON`;
    try {
      const body = JSON.parse(res.body) as { code?: unknown };
      return typeof body.code === 'string' ? undefined : 'refusal has no string `code`';
    } catch {
      return 'refusal body is not JSON';
    }
  }

  it(
    'REST: every documented operation, bodies, queries and path parameters spoiled',
    { timeout: 120_000 },
    async () => {
      const r = createRandom(SEED);
      const { routes, resolve } = await documentedRoutes(t.app);
      const fuzzed = routes.filter((route) => route.path.startsWith('/api/'));
      expect(fuzzed.length).toBeGreaterThan(30);
      const failures: Failure[] = [];
      let sentCount = 0;
      for (const route of fuzzed) {
        const key = `${route.method} ${route.path}`;
        const n = PASSWORD_ROUTES.has(key) ? PER_PASSWORD_ROUTE : PER_ROUTE;
        for (let i = 0; i < n; i++) {
          const sent = restRequest(route, r, resolve);
          const res = await send(sent);
          sentCount += 1;
          const why = restProblem(res);
          if (why) failures.push(failure(sent, res, why));
        }
      }
      console.log(
        `fuzz REST: ${sentCount} requests over ${fuzzed.length} operations, ${failures.length} failures`,
      );
      expect(failures.slice(0, 20)).toEqual([]);
    },
  );

  it(
    'OAuth: authorize, token, register and revoke with spoiled parameters',
    { timeout: 120_000 },
    async () => {
      const r = createRandom(SEED + 1);
      const clientId = owned.client?.[0] ?? 'unknown';
      const field = (plausibleValues: string[]) => (r.chance(0.4) ? r.pick(plausibleValues) : hostileText(r));
      const form = (fields: Record<string, string[]>) => {
        const body = new URLSearchParams();
        for (const [name, values] of Object.entries(fields)) {
          if (r.chance(0.2)) continue;
          body.append(name, field(values));
          if (r.chance(0.05)) body.append(name, hostileText(r));
        }
        return body.toString();
      };
      const makers: (() => Sent)[] = [
        () => ({
          method: 'GET',
          url: `/oauth/authorize?${form({
            client_id: [clientId, 'https://example.com/client.json', 'unknown'],
            redirect_uri: ['https://example.com/callback', 'http://evil.example/'],
            response_type: ['code', 'token'],
            code_challenge: ['E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'],
            code_challenge_method: ['S256', 'plain'],
            scope: ['read:traces write:traces', 'admin'],
            state: ['xyz'],
            resource: [`${t.config.publicUrl}/mcp`, 'https://evil.example/'],
          })}`,
          headers: r.chance(0.5) ? { accept: 'text/html' } : { accept: 'application/json' },
        }),
        () => ({
          method: 'POST',
          url: '/oauth/token',
          headers: {
            'content-type': r.chance(0.85) ? 'application/x-www-form-urlencoded' : 'application/json',
            ...(r.chance(0.2)
              ? { authorization: `Basic ${Buffer.from(`${clientId}:${hostileText(r)}`).toString('base64')}` }
              : {}),
          },
          payload: form({
            grant_type: ['authorization_code', 'refresh_token', 'client_credentials', 'password'],
            code: ['abc'],
            redirect_uri: ['https://example.com/callback'],
            code_verifier: ['x'.repeat(43)],
            client_id: [clientId],
            client_secret: ['secret'],
            refresh_token: ['rt'],
            resource: [`${t.config.publicUrl}/mcp`],
          }),
        }),
        () => ({
          method: 'POST',
          url: '/oauth/revoke',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: form({
            token: ['abc', apiKey],
            token_type_hint: ['access_token', 'refresh_token'],
            client_id: [clientId],
          }),
        }),
        () => {
          const valid = {
            client_name: 'fuzz',
            redirect_uris: ['https://example.com/callback'],
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            token_endpoint_auth_method: 'none',
          };
          return {
            method: 'POST',
            url: '/oauth/register',
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(r.chance(0.2) ? valid : mutate(valid, r)) ?? 'null',
          };
        },
      ];
      const failures: Failure[] = [];
      const n = PER_ROUTE * 4 * 4;
      for (let i = 0; i < n; i++) {
        const sent = r.pick(makers)();
        const res = await send(sent);
        let why: string | undefined;
        if (res.status >= 500) why = `status ${res.status}`;
        else if (res.status >= 400 && !res.contentType.includes('text/html')) {
          // RFC 6749's error body, or ours (`code`) where the route is Cairn's own validation.
          try {
            const body = JSON.parse(res.body) as { error?: unknown; code?: unknown };
            if (typeof body.error !== 'string' && typeof body.code !== 'string')
              why = 'refusal without `error`';
          } catch {
            why = 'refusal body is not JSON';
          }
        }
        if (why) failures.push(failure(sent, res, why));
      }
      console.log(`fuzz OAuth: ${n} requests, ${failures.length} failures`);
      expect(failures.slice(0, 20)).toEqual([]);
    },
  );

  it('MCP: JSON-RPC envelopes and tool arguments spoiled', { timeout: 120_000 }, async () => {
    const r = createRandom(SEED + 2);
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${apiKey}`,
    };
    // The stateless legacy leg needs no initialize; it answers as JSON or as SSE `data:` lines.
    const parse = (body: string): unknown => {
      if (body.startsWith('{') || body.startsWith('[')) return JSON.parse(body);
      const data = body
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => JSON.parse(l.slice(6)) as unknown);
      return data.length === 1 ? data[0] : data;
    };
    const listed = await send({
      method: 'POST',
      url: '/mcp',
      headers,
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(listed.status, listed.body).toBe(200);
    const tools = (parse(listed.body) as { result: { tools: { name: string; inputSchema: Schema }[] } })
      .result.tools;
    expect(tools.length).toBeGreaterThan(3);
    const noRefs = (ref: string): Schema => {
      throw new Error(`MCP tool schemas are expected inline, found ${ref}`);
    };

    const envelope = (): unknown => {
      const roll = r.int(10);
      const id = r.chance(0.8) ? r.int(1e6) : r.pick(HOSTILE);
      if (roll <= 5) {
        const tool = r.pick(tools);
        const args = plausible(tool.inputSchema, r, noRefs);
        return {
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: {
            name: r.chance(0.9) ? tool.name : hostileText(r),
            arguments: r.chance(0.2) ? args : mutate(args, r),
          },
        };
      }
      if (roll === 6)
        return mutate(
          {
            jsonrpc: '2.0',
            id,
            method: r.pick(['tools/list', 'tools/call', 'ping', 'initialize', 'resources/list']),
            params: {},
          },
          r,
        );
      if (roll === 7) return { jsonrpc: '2.0', id, method: hostileText(r), params: r.pick(HOSTILE) };
      if (roll === 8) return [envelopeSimple(), envelopeSimple()];
      return r.pick(HOSTILE);
    };
    const envelopeSimple = () => ({
      jsonrpc: '2.0',
      id: r.int(100),
      method: 'tools/call',
      params: r.pick(HOSTILE),
    });

    const failures: Failure[] = [];
    const n = PER_ROUTE * 15;
    for (let i = 0; i < n; i++) {
      const payload = r.chance(0.05)
        ? r.pick(['{', '[', 'null', '"x"', ''])
        : (JSON.stringify(envelope()) ?? 'null');
      const sent: Sent = { method: 'POST', url: '/mcp', headers, payload };
      const res = await send(sent);
      let why: string | undefined;
      if (res.status >= 500) why = `status ${res.status}`;
      else if (res.status !== 202) {
        // 202: a notification, answered with no body. Everything else is JSON-RPC; a fault the
        // client caused is never -32603 (internal error).
        try {
          const messages = [parse(res.body)].flat() as {
            jsonrpc?: string;
            result?: unknown;
            error?: { code?: unknown };
          }[];
          for (const m of messages) {
            if (m?.jsonrpc !== '2.0' || (m.result === undefined && typeof m.error?.code !== 'number'))
              why = 'not a JSON-RPC answer';
            else if (m.error?.code === -32603) why = 'internal error (-32603)';
          }
        } catch {
          why = 'answer is not JSON';
        }
      }
      if (why) failures.push(failure(sent, res, why));
    }
    console.log(`fuzz MCP: ${n} requests, ${failures.length} failures`);
    expect(failures.slice(0, 20)).toEqual([]);
  });
});
