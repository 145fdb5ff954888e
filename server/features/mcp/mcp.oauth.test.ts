// Real: the whole app on 127.0.0.1 (PUBLIC_URL = that address) on a real migrated database, its
// OAuth 2.1 server, and the official v1 MCP SDK client with its own OAuth machinery (discovery
// from the 401, dynamic client registration, PKCE, token exchange) connecting to /mcp with no
// prior configuration. The person in the browser is played in-process: the provider follows the
// authorization URL to the consent page and approves with a signed-in session, as the web page
// does. Nothing is faked.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type McpTestServer,
  type Person,
  rawPost,
  startMcpTestServer,
  textJson,
} from './testing/mcp-test-kit.js';
import { MemoryOAuthProvider } from '../oauth/testing/memory-oauth-provider.js';

/** An MCP client's OAuth state, with the browser step done in-process by a signed-in person. */
class InProcessBrowserProvider extends MemoryOAuthProvider {
  code: string | undefined;
  constructor(
    private readonly t: McpTestServer,
    private readonly person: Person,
    private readonly approve: { scopes?: string[] } = {},
  ) {
    super('http://127.0.0.1:53682/callback', undefined, 'MCP OAuth test client');
  }
  /** What the browser and the consent page do: /oauth/authorize → /consent → approve → callback. */
  override async redirectToAuthorization(url: URL) {
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(this.t.mcpUrl); // RFC 8707
    const res = await fetch(url, { redirect: 'manual', headers: { accept: 'text/html' } });
    const consent = new URL(res.headers.get('location') ?? '', this.t.baseUrl);
    if (res.status !== 302 || consent.pathname !== '/consent') {
      throw new Error(`authorize did not lead to consent: ${res.status} ${consent.href}`);
    }
    const requestId = consent.searchParams.get('request')!;
    const approved = await fetch(`${this.t.baseUrl}/api/oauth/requests/${requestId}/approve`, {
      method: 'POST',
      headers: { ...this.person.headers, 'content-type': 'application/json' },
      body: JSON.stringify(this.approve),
    });
    if (approved.status !== 200)
      throw new Error(`approve failed: ${approved.status} ${await approved.text()}`);
    const callback = new URL(((await approved.json()) as { redirect_to: string }).redirect_to);
    expect(callback.origin + callback.pathname).toBe(this.redirectUrl);
    expect(callback.searchParams.get('iss')).toBe(this.t.baseUrl); // RFC 9207
    this.code = callback.searchParams.get('code') ?? undefined;
  }
}

let t: McpTestServer;
beforeAll(async () => {
  t = await startMcpTestServer();
});
afterAll(async () => t?.close());

/** Connect as an MCP client does: 401 → OAuth → finish with the code → connect again. */
async function connectWithOAuth(provider: InProcessBrowserProvider) {
  const first = new Client({ name: 'oauth-test', version: '1.0.0' });
  await expect(
    first.connect(new StreamableHTTPClientTransport(new URL(t.mcpUrl), { authProvider: provider })),
  ).rejects.toThrow(/Unauthorized/i);
  expect(provider.info?.client_id).toMatch(/^coc_/); // registered dynamically (RFC 7591)
  expect(provider.code).toMatch(/^coac_/);
  const transport = new StreamableHTTPClientTransport(new URL(t.mcpUrl), { authProvider: provider });
  await transport.finishAuth(provider.code!);
  expect(provider.saved?.access_token).toMatch(/^coat_/);
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

describe('a real MCP client completing OAuth against /mcp', () => {
  it('discovers from the 401, registers, authorizes with PKCE and calls search', async () => {
    const ann = await t.person();
    const mine = await fetch(`${t.baseUrl}/api/traces`, {
      method: 'POST',
      headers: { ...ann.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Holiday', content: 'We go hiking in the Dolomites every September.' }),
    });
    expect(mine.status).toBe(201);
    const traceId = ((await mine.json()) as { id: string }).id;

    const provider = new InProcessBrowserProvider(t, ann);
    const client = await connectWithOAuth(provider);
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual([
      'context',
      'create',
      'delete',
      'fetch',
      'search',
      'supersede',
      'update',
    ]);
    const found = textJson(await client.callTool({ name: 'search', arguments: { query: 'Dolomites' } })) as {
      results: { id: string }[];
    };
    expect(found.results.map((r) => r.id)).toEqual([traceId]);
    await client.close();
  });

  it('gives a read-only token search and fetch only; create is 403 insufficient_scope', async () => {
    const bob = await t.person();
    const provider = new InProcessBrowserProvider(t, bob, { scopes: ['read:traces'] });
    const client = await connectWithOAuth(provider);
    expect(provider.saved?.scope).toBe('read:traces');
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual([
      'context',
      'fetch',
      'search',
    ]);
    await client.close();

    const res = await rawPost(
      t.mcpUrl,
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'create', arguments: { title: 'No', content: 'not allowed' } },
      },
      { authorization: `Bearer ${provider.saved!.access_token}` },
    );
    expect(res.status).toBe(403);
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain(`resource_metadata="${t.baseUrl}/.well-known/oauth-protected-resource/mcp"`);
    expect(challenge).toContain('error="insufficient_scope"');
    // What to ask for when stepping up: the scopes held plus the one missing.
    expect(challenge).toContain('scope="read:traces write:traces"');
    expect(JSON.stringify(res.json)).toMatch(/This access token lacks the write:traces permission/);
  });
});
