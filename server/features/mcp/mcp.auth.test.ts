// Real: the whole app listening on 127.0.0.1 on a real migrated database, people and API keys
// made through the REST API, the official v1 and v2 MCP clients and raw HTTP over real sockets.
// Nothing is faked. Covers who may use /mcp and what each credential sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectV1,
  connectV2,
  INITIALIZE,
  type McpTestServer,
  type Person,
  rawPost,
  startMcpTestServer,
  textJson,
} from './testing/mcp-test-kit.js';

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };

let t: McpTestServer;
let resourceMetadata: string;
beforeAll(async () => {
  t = await startMcpTestServer();
  resourceMetadata = `Bearer resource_metadata="${t.baseUrl}/.well-known/oauth-protected-resource/mcp"`;
});
afterAll(async () => t?.close());

const callCreate = (id = 7) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'create', arguments: { title: 'T', content: 'should not be saved' } },
});

describe('401: no credential or a bad one', () => {
  it('answers 401 with the protected resource metadata in WWW-Authenticate', async () => {
    const res = await rawPost(t.mcpUrl, INITIALIZE);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe(resourceMetadata);
    expect(res.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32001 } });
    // GET and DELETE too: nothing about the endpoint is answered before authentication.
    const get = await fetch(t.mcpUrl);
    expect(get.status).toBe(401);
    expect(get.headers.get('www-authenticate')).toBe(resourceMetadata);
  });

  it('marks a bad, unknown or garbled credential invalid_token', async () => {
    for (const token of ['cairn_' + 'x'.repeat(32), 'cairn_short', 'coat_unknown', 'whatever']) {
      const res = await rawPost(t.mcpUrl, INITIALIZE, { authorization: `Bearer ${token}` });
      expect(res.status, token).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(`${resourceMetadata}, error="invalid_token"`);
    }
    const inUrl = await rawPost(`${t.mcpUrl}?api_key=cairn_${'y'.repeat(32)}`, INITIALIZE);
    expect(inUrl.status).toBe(401);
  });

  it('refuses web session tokens', async () => {
    const person = await t.person();
    const res = await rawPost(t.mcpUrl, INITIALIZE, person.headers);
    expect(res.status).toBe(401);
    expect(JSON.stringify(res.json)).toMatch(/session tokens are not accepted/);
  });

  it('makes both SDK clients fail to connect without a credential', async () => {
    // The clients surface the server's message: people see what to do.
    await expect(connectV1(t.mcpUrl)).rejects.toThrow(/Authentication required/);
    await expect(connectV2(t.mcpUrl)).rejects.toThrow();
  });
});

describe('API keys', () => {
  it('work in the Authorization header and as ?api_key=', async () => {
    const person = await t.person();
    const viaHeader = await connectV1(t.mcpUrl, person.bearer);
    expect((await viaHeader.listTools()).tools).toHaveLength(7);
    await viaHeader.close();
    const viaQuery = await connectV2(`${t.mcpUrl}?api_key=${person.apiKey}`);
    expect((await viaQuery.listTools()).tools).toHaveLength(7);
    await viaQuery.close();
  });

  it('stop working at once when revoked', async () => {
    const person = await t.person();
    const client = await connectV1(t.mcpUrl, person.bearer);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    const revoke = await fetch(`${t.baseUrl}/api/api-keys?id=${person.apiKeyId}`, {
      method: 'DELETE',
      headers: person.headers,
    });
    expect(revoke.status).toBeLessThan(300);
    await expect(client.listTools()).rejects.toThrow(/Invalid, expired or revoked credential/);
    const raw = await rawPost(t.mcpUrl, INITIALIZE, person.bearer);
    expect(raw.status).toBe(401);
  });
});

describe('scopes: a read-only key', () => {
  let reader: Person;
  beforeAll(async () => {
    reader = await t.person(['read:traces']);
  });

  it('lists only search and fetch, and is told the connection is read-only', async () => {
    const client = await connectV2(t.mcpUrl, reader.bearer);
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual([
      'context',
      'fetch',
      'search',
    ]);
    expect(client.getInstructions()).toMatch(/read-only/);
    await client.close();
  });

  it('gets 403 insufficient_scope calling create, and nothing is saved', async () => {
    const res = await rawPost(t.mcpUrl, callCreate(), reader.bearer);
    expect(res.status).toBe(403);
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge.startsWith(resourceMetadata)).toBe(true);
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="read:traces write:traces"');
    expect(res.json).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32003 } });
    expect(JSON.stringify(res.json)).toMatch(/lacks the write:traces permission/);

    // The same through the SDK clients: the call fails with the 403, it does not silently succeed.
    const v1 = await connectV1(t.mcpUrl, reader.bearer);
    await expect(
      v1.callTool({ name: 'create', arguments: { title: 'T', content: 'should not be saved' } }),
    ).rejects.toThrow(/This API key lacks the write:traces permission that the create tool needs/);
    await v1.close();

    // A batch hiding the call behind an allowed one is refused as a whole.
    const batch = await rawPost(t.mcpUrl, [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }, callCreate(2)], {
      ...reader.bearer,
      'mcp-protocol-version': '2025-03-26',
    });
    expect(batch.status).toBe(403);

    const list = await fetch(`${t.baseUrl}/api/traces`, { headers: reader.headers });
    expect(((await list.json()) as { totalCount: number }).totalCount).toBe(0);
  });

  it('can still search and fetch', async () => {
    const client = await connectV1(t.mcpUrl, reader.bearer);
    const searched = (await client.callTool({
      name: 'search',
      arguments: { query: 'anything' },
    })) as ToolResult;
    expect(textJson(searched)).toMatchObject({
      results: [],
      message: expect.stringMatching(/^Nothing relevant found/),
    });
    await client.close();
  });
});

describe('isolation between people', () => {
  it("never shows one person's traces to another through any tool", async () => {
    const ann = await t.person();
    const bob = await t.person();
    const annClient = await connectV1(t.mcpUrl, ann.bearer);
    const created = textJson(
      await annClient.callTool({
        name: 'create',
        arguments: { title: 'Secret plan', content: 'Ann keeps the zebra password in the blue notebook.' },
      }),
    ) as { trace: { id: string } };
    const annId = created.trace.id;

    const bobClient = await connectV2(t.mcpUrl, bob.bearer);
    const search = textJson(await bobClient.callTool({ name: 'search', arguments: { query: 'zebra' } }));
    expect(search).toMatchObject({ results: [], message: expect.stringMatching(/^Nothing relevant found/) });
    for (const [name, args] of [
      ['fetch', { id: annId }],
      ['update', { id: annId, title: 'Bob was here' }],
      ['delete', { id: annId }],
    ] as const) {
      const result = (await bobClient.callTool({ name, arguments: args })) as ToolResult;
      expect(result, name).toMatchObject({ isError: true, content: [{ text: 'Trace not found' }] });
    }
    // Bob saving the same words makes his own trace, not a "duplicate" pointing at Ann's.
    const bobs = textJson(
      await bobClient.callTool({
        name: 'create',
        arguments: { title: 'Mine', content: 'Ann keeps the zebra password in the blue notebook.' },
      }),
    ) as { status: string; trace: { id: string } };
    expect(bobs.status).toBe('created');
    expect(bobs.trace.id).not.toBe(annId);

    // Ann's trace is untouched and her own search still finds only hers.
    const annSearch = textJson(
      await annClient.callTool({ name: 'search', arguments: { query: 'zebra' } }),
    ) as {
      results: { id: string; title: string }[];
    };
    expect(annSearch.results.map((r) => [r.id, r.title])).toEqual([[annId, 'Secret plan']]);
    await annClient.close();
    await bobClient.close();
  });
});
