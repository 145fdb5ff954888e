// Real: the local stdio MCP server (packages/mcp-stdio, run from source through tsx as its own
// process) driven by the official v1 SDK stdio client, talking to a real Cairn app listening on
// 127.0.0.1 on a real migrated database, with API keys made through the REST API. The only
// stand-ins are the network failures: a closed port and a socket that never answers.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectV1,
  type McpTestServer,
  startMcpTestServer,
  textJson,
} from '../../server/features/mcp/testing/mcp-test-kit.js';
import { freePort, ROOT } from '../support/processes.js';

const CLI = path.join(ROOT, 'packages/mcp-stdio/src/cli.ts');
type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };

const clients: Client[] = [];
async function stdioClient(env: Record<string, string>) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', CLI],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'stdio-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return { client, stderr: () => stderr };
}

let t: McpTestServer;
let silent: Server;
let silentPort: number;
beforeAll(async () => {
  t = await startMcpTestServer();
  // Accepts connections and never answers: a hung server.
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as { port: number }).port;
});
afterAll(async () => {
  for (const client of clients) await client.close().catch(() => {}); // ends the child it spawned
  silent?.close();
  await t?.close();
});

describe('cairn-mcp (stdio) against a running Cairn', () => {
  // The stdio package is published on its own, so it carries its own copy of what the assistant
  // is told; this keeps the two copies from drifting apart.
  it('tells the assistant exactly what /mcp tells it: instructions, tools and prompts', async () => {
    const ann = await t.person();
    const { client: local } = await stdioClient({ CAIRN_URL: t.baseUrl, CAIRN_API_KEY: ann.apiKey });
    const remote = await connectV1(t.mcpUrl, ann.bearer);
    try {
      expect(local.getInstructions()).toBe(remote.getInstructions());
      const describeTools = async (c: Client) =>
        (await c.listTools()).tools
          .map(({ name, title, description, annotations }) => ({ name, title, description, annotations }))
          .sort((a, b) => a.name.localeCompare(b.name));
      expect(await describeTools(local)).toEqual(await describeTools(remote));
      const describePrompts = async (c: Client) =>
        (await c.listPrompts()).prompts
          .map(({ name, title, description }) => ({ name, title, description }))
          .sort((a, b) => a.name.localeCompare(b.name));
      expect(await describePrompts(local)).toEqual(await describePrompts(remote));
    } finally {
      await remote.close();
    }
  });

  it('works in a project as /mcp does: a new project named on create, personal memories in an unknown one, the briefing', async () => {
    const ann = await t.person();
    const { client } = await stdioClient({ CAIRN_URL: t.baseUrl, CAIRN_API_KEY: ann.apiKey });
    const made = textJson(
      await client.callTool({
        name: 'create',
        arguments: {
          title: 'Migrations first',
          content: 'In this repository run the database migrations before the tests.',
          project: 'acme/stdio',
          pinned: true,
        },
      }),
    ) as { status: string };
    expect(made.status).toBe('created');
    await client.callTool({
      name: 'create',
      arguments: { title: 'Coffee', content: 'I drink my coffee black.' },
    });
    const elsewhere = textJson(
      await client.callTool({
        name: 'search',
        arguments: { query: 'database migrations coffee', project: 'other/repo' },
      }),
    ) as { results: { title: string }[] };
    expect(elsewhere.results.map((r) => r.title)).not.toContain('Migrations first');
    const briefing = await client.callTool({ name: 'context', arguments: { project: 'acme/stdio' } });
    expect(JSON.stringify(briefing.content)).toContain('Migrations first');
    expect(briefing.structuredContent).toMatchObject({ project: 'acme/stdio' });
  });

  it('exposes the same tools and completes create, search, fetch, update and delete', async () => {
    const ann = await t.person();
    const { client } = await stdioClient({ CAIRN_URL: t.baseUrl, CAIRN_API_KEY: ann.apiKey });
    expect(client.getServerVersion()?.name).toBe('cairn');
    expect(client.getInstructions()).toMatch(/search/i);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'context',
      'create',
      'delete',
      'fetch',
      'search',
      'supersede',
      'update',
    ]);
    expect(tools.find((tool) => tool.name === 'search')?.annotations?.readOnlyHint).toBe(true);

    const created = textJson(
      await client.callTool({
        name: 'create',
        arguments: { title: 'Editor', content: 'I write code in Helix with the gruvbox theme.' },
      }),
    ) as { status: string; trace: { id: string; url: string } };
    expect(created.status).toBe('created');
    const id = created.trace.id;
    expect(created.trace.url).toBe(`${t.baseUrl}/app/traces/${id}`);

    const again = textJson(
      await client.callTool({
        name: 'create',
        arguments: { title: 'Editor', content: 'I write code in Helix with the gruvbox theme.' },
      }),
    ) as { status: string; trace: { id: string } };
    expect(again).toMatchObject({ status: 'duplicate', trace: { id } });

    const found = textJson(await client.callTool({ name: 'search', arguments: { query: 'helix' } })) as {
      results: { id: string; title: string; url: string }[];
    };
    expect(found.results.map((r) => [r.id, r.title])).toEqual([[id, 'Editor']]);
    expect(Object.keys(found.results[0]!).slice(0, 3)).toEqual(['id', 'title', 'url']);

    const doc = textJson(await client.callTool({ name: 'fetch', arguments: { id } }));
    expect(Object.keys(doc)).toEqual(['id', 'title', 'text', 'url', 'metadata']);
    expect(doc.text).toBe('I write code in Helix with the gruvbox theme.');

    // A newer memory replacing it names it in its metadata, as /mcp's fetch does.
    const newer = textJson(
      await client.callTool({
        name: 'create',
        arguments: { title: 'Editor now', content: 'I moved from Helix to Zed.', supersedes: [id] },
      }),
    ) as { trace: { id: string } };
    const newerDoc = textJson(
      await client.callTool({ name: 'fetch', arguments: { id: newer.trace.id } }),
    ) as {
      metadata: { replaces?: unknown };
    };
    expect(newerDoc.metadata.replaces).toEqual([
      { id, title: 'Editor', url: `${t.baseUrl}/app/traces/${id}` },
    ]);
    await client.callTool({ name: 'delete', arguments: { id: newer.trace.id } });

    const updated = textJson(await client.callTool({ name: 'update', arguments: { id, tags: ['editor'] } }));
    expect(updated).toMatchObject({ status: 'updated', trace: { id, tags: ['editor'] } });

    expect(textJson(await client.callTool({ name: 'delete', arguments: { id } }))).toEqual({
      status: 'deleted',
      id,
    });
    const gone = (await client.callTool({ name: 'fetch', arguments: { id } })) as ToolResult;
    expect(gone).toMatchObject({ isError: true, content: [{ text: 'Trace not found' }] });
  });

  it('says clearly when the key is rejected or lacks a permission', async () => {
    const reader = await t.person(['read:traces']);
    const ro = await stdioClient({ CAIRN_URL: t.baseUrl, CAIRN_API_KEY: reader.apiKey });
    const denied = (await ro.client.callTool({
      name: 'create',
      arguments: { title: 'x', content: 'not allowed' },
    })) as ToolResult;
    expect(denied.isError).toBe(true);
    expect(denied.content[0]!.text).toMatch(/^Not allowed \(403\): .*write:traces/);

    const wrong = await stdioClient({ CAIRN_URL: t.baseUrl, CAIRN_API_KEY: `cairn_${'Z'.repeat(32)}` });
    const rejected = (await wrong.client.callTool({
      name: 'search',
      arguments: { query: 'x' },
    })) as ToolResult;
    expect(rejected.isError).toBe(true);
    expect(rejected.content[0]!.text).toMatch(/Cairn rejected the API key \(401\)/);
    // The start-up check reports it in the client's MCP log as well.
    await expect.poll(wrong.stderr).toMatch(/Cairn rejected the API key/);
  });

  it('says clearly when Cairn is unreachable or does not answer in time', async () => {
    const closedPort = await freePort();
    const down = await stdioClient({
      CAIRN_URL: `http://127.0.0.1:${closedPort}`,
      CAIRN_API_KEY: `cairn_${'a'.repeat(32)}`,
    });
    const unreachable = (await down.client.callTool({
      name: 'search',
      arguments: { query: 'x' },
    })) as ToolResult;
    expect(unreachable).toMatchObject({ isError: true });
    expect(unreachable.content[0]!.text).toMatch(
      /^Cannot reach Cairn at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)/,
    );

    const hung = await stdioClient({
      CAIRN_URL: `http://127.0.0.1:${silentPort}`,
      CAIRN_API_KEY: `cairn_${'a'.repeat(32)}`,
      CAIRN_TIMEOUT_MS: '300',
    });
    const slow = (await hung.client.callTool({ name: 'fetch', arguments: { id: 'x' } })) as ToolResult;
    expect(slow).toMatchObject({ isError: true });
    expect(slow.content[0]!.text).toMatch(/did not answer within 0\.3 s/);
  });

  it('refuses to start without a key, saying where to make one', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', CAIRN_URL: t.baseUrl },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain(
      `CAIRN_API_KEY is not set: create an API key at ${t.baseUrl}/app/settings/api-keys`,
    );
  });
});
