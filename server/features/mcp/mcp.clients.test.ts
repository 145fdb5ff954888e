// Real: the whole app listening on 127.0.0.1 (PUBLIC_URL = that address) on a real migrated
// database, API keys made through the REST API, the automatic categoriser, and the two official
// MCP clients over real HTTP: @modelcontextprotocol/sdk 1.x (2025-11-25 initialize handshake) and
// @modelcontextprotocol/client 2.x pinned to revision 2026-07-28. Nothing is faked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trace } from '../../../contract/traces.js';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import {
  connectV1,
  connectV2,
  type McpTestServer,
  type Person,
  startMcpTestServer,
  textJson,
} from './testing/mcp-test-kit.js';

type Tool = { name: string; annotations?: Record<string, unknown>; inputSchema: { required?: string[] } };
type AnyClient = {
  listTools(): Promise<{ tools: Tool[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  listPrompts(): Promise<{ prompts: { name: string }[] }>;
  close(): Promise<void>;
};
type ToolResult = {
  content: { type: string; text: string }[];
  isError?: boolean;
  structuredContent?: unknown;
};

let t: McpTestServer;
beforeAll(async () => {
  t = await startMcpTestServer();
});
afterAll(async () => t?.close());

async function restGet(person: Person, id: string): Promise<Trace> {
  const res = await fetch(`${t.baseUrl}/api/traces/${id}`, { headers: person.headers });
  expect(res.status).toBe(200);
  return (await res.json()) as Trace;
}

const clients = [
  {
    label: 'v1 SDK client, 2025-11-25 initialize handshake',
    connect: async (url: string, headers: Record<string, string>) => {
      const client = await connectV1(url, headers);
      expect(client.getServerVersion()?.name).toBe('cairn');
      return client as unknown as AnyClient;
    },
  },
  {
    label: 'v2 client, revision 2026-07-28',
    connect: async (url: string, headers: Record<string, string>) => {
      const client = await connectV2(url, headers);
      expect(client.getProtocolEra()).toBe('modern');
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect(client.getInstructions()).toMatch(/search/i);
      return client as unknown as AnyClient;
    },
  },
];

describe.each(clients)('$label', ({ connect }) => {
  let ann: Person;
  let client: AnyClient;
  beforeAll(async () => {
    ann = await t.person();
    client = await connect(t.mcpUrl, ann.bearer);
  });
  afterAll(async () => client?.close());

  it('lists the seven tools with their annotations, and the prompts', async () => {
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName).sort()).toEqual([
      'context',
      'create',
      'delete',
      'fetch',
      'search',
      'supersede',
      'update',
    ]);
    expect(byName.context!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.search!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.fetch!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.update!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.delete!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.supersede!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.supersede!.inputSchema.required?.sort()).toEqual(['by', 'ids']);
    expect(byName.create!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.create!.inputSchema.required?.sort()).toEqual(['content', 'title']);
    expect(byName.search!.inputSchema.required).toEqual(['query']);
    expect(byName.fetch!.inputSchema.required).toEqual(['id']);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['use-memory', 'context']));
  });

  it('creates (source mcp, categorised automatically), searches, fetches, updates and deletes', async () => {
    const created = (await client.callTool({
      name: 'create',
      arguments: { title: 'Coffee', content: 'I like my coffee black, no sugar.' },
    })) as ToolResult;
    expect(created.isError).toBeFalsy();
    const body = textJson(created) as {
      status: string;
      trace: { id: string; url: string; category: string };
    };
    expect(body.status).toBe('created');
    const id = body.trace.id;
    expect(body.trace.url).toBe(`${t.baseUrl}/app/traces/${id}`);
    const stored = await restGet(ann, id);
    expect(stored).toMatchObject({ title: 'Coffee', source: 'mcp', access_count: 0 });
    // Left out, so the categoriser chose them (the defaults would be context / no tags).
    expect(stored.category).toBe('preference');
    expect(stored.tags).toContain('coffee');

    // ChatGPT's search shape: one text item holding {"results":[{"id","title","url", …}]}.
    const searched = (await client.callTool({
      name: 'search',
      arguments: { query: 'coffee' },
    })) as ToolResult;
    expect(searched.content).toHaveLength(1);
    const results = (textJson(searched) as { results: Record<string, unknown>[] }).results;
    expect(Object.keys(textJson(searched))).toEqual(['results']);
    expect(results).toHaveLength(1);
    expect(Object.keys(results[0]!).slice(0, 3)).toEqual(['id', 'title', 'url']);
    expect(results[0]).toMatchObject({ id, title: 'Coffee', url: `${t.baseUrl}/app/traces/${id}` });
    expect(searched.structuredContent).toEqual(textJson(searched));
    // A query about nothing stored: an empty list that says why, not an error.
    const nothing = (await client.callTool({ name: 'search', arguments: { query: 'zzzqqq' } })) as ToolResult;
    expect(nothing.isError).toBeFalsy();
    expect(textJson(nothing)).toMatchObject({
      results: [],
      message: expect.stringMatching(/^Nothing relevant/),
    });
    // Nothing above the threshold, but something close: listed as a weak match, with a word why.
    const weak = (await client.callTool({
      name: 'search',
      arguments: { query: 'coffee', min_relevance: 1 },
    })) as ToolResult;
    expect(textJson(weak)).toMatchObject({
      results: [{ id, title: 'Coffee', weak: true }],
      message: expect.stringMatching(/^Only weak matches/),
    });

    // ChatGPT's fetch shape: one text item holding {"id","title","text","url","metadata"}.
    const fetched = (await client.callTool({ name: 'fetch', arguments: { id } })) as ToolResult;
    expect(fetched.content).toHaveLength(1);
    const doc = textJson(fetched) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(['id', 'title', 'text', 'url', 'metadata']);
    expect(doc).toMatchObject({
      id,
      title: 'Coffee',
      text: 'I like my coffee black, no sugar.',
      url: `${t.baseUrl}/app/traces/${id}`,
    });
    expect(Object.keys(doc.metadata as object)).toEqual([
      'category',
      'importance',
      'tags',
      'project',
      'pinned',
      'created_at',
      'updated_at',
      'created_by',
      'updated_by',
    ]);
    expect(doc.metadata).toMatchObject({ category: 'preference', created_at: stored.created_at });
    // Provenance (ADR 0033): this person's API key wrote it, by the key's name.
    expect((doc.metadata as { created_by: { kind: string } }).created_by).toMatchObject({ kind: 'api_key' });

    // Two search hits (a weak match counts: it was returned) and one fetch: three accesses, no more
    // (fetch must not double count).
    expect((await restGet(ann, id)).access_count).toBe(3);

    const updated = (await client.callTool({
      name: 'update',
      arguments: { id, title: 'Coffee order', importance: 'high' },
    })) as ToolResult;
    expect(textJson(updated)).toMatchObject({ status: 'updated', trace: { id, title: 'Coffee order' } });
    expect(await restGet(ann, id)).toMatchObject({ title: 'Coffee order', importance: 'high' });

    const deleted = (await client.callTool({ name: 'delete', arguments: { id } })) as ToolResult;
    expect(textJson(deleted)).toEqual({ status: 'deleted', id });
    const gone = (await client.callTool({ name: 'fetch', arguments: { id } })) as ToolResult;
    expect(gone.isError).toBe(true);
    expect(gone.content[0]!.text).toBe('Trace not found');
    const after = await fetch(`${t.baseUrl}/api/traces/${id}`, { headers: ann.headers });
    expect(after.status).toBe(404);
  });

  it('returns the existing trace for a duplicate and says so', async () => {
    const args = {
      title: 'Work',
      content: `Standup moves to 9:30 on Mondays (${Math.random()})`,
      category: 'work',
    };
    const first = textJson(await client.callTool({ name: 'create', arguments: args })) as {
      trace: { id: string; category: string };
    };
    expect(first.trace.category).toBe('work');
    const again = textJson(await client.callTool({ name: 'create', arguments: args })) as {
      status: string;
      message: string;
      trace: { id: string };
    };
    expect(again.status).toBe('duplicate');
    expect(again.message).toMatch(/already exists/);
    expect(again.trace.id).toBe(first.trace.id);
  });

  it('answers invalid input as a tool error the model can read', async () => {
    const noContent = (await client.callTool({ name: 'create', arguments: { title: 'x' } })) as ToolResult;
    expect(noContent.isError).toBe(true);
    expect(noContent.content[0]!.text).toMatch(/content/i);
    const malformedId = (await client.callTool({ name: 'fetch', arguments: { id: 'nope' } })) as ToolResult;
    expect(malformedId).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Trace not found' }],
    });
    const blankQuery = (await client.callTool({ name: 'search', arguments: { query: '   ' } })) as ToolResult;
    expect(blankQuery.isError).toBe(true);
  });
});

describe('revision negotiation on the one endpoint', () => {
  it('lets a v2 client in auto mode pick 2026-07-28, and one in legacy mode use the handshake', async () => {
    const person = await t.person();
    for (const [mode, era] of [
      ['auto', 'modern'],
      ['legacy', 'legacy'],
    ] as const) {
      const client = new ClientV2(
        { name: `negotiate-${mode}`, version: '1.0.0' },
        { versionNegotiation: { mode } },
      );
      await client.connect(new TransportV2(new URL(t.mcpUrl), { requestInit: { headers: person.bearer } }));
      expect(client.getProtocolEra(), mode).toBe(era);
      expect((await client.listTools()).tools, mode).toHaveLength(7);
      await client.close();
    }
  });
});
