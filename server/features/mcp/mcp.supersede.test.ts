// Real: the whole app listening on 127.0.0.1 on a real migrated database, a person and an API key
// made through the REST routes, the test embedder (feature hashing), and the official v2 MCP
// client over real HTTP. Nothing is faked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectV2,
  type McpTestServer,
  type Person,
  startMcpTestServer,
  textJson,
} from './testing/mcp-test-kit.js';

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };
type Client = Awaited<ReturnType<typeof connectV2>>;

let t: McpTestServer;
let ann: Person;
let client: Client;

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as ToolResult;
const createdId = (r: ToolResult) => (textJson(r) as { trace: { id: string } }).trace.id;
const searchIds = async (args: Record<string, unknown>) => {
  await t.app.services.embeddingWorker.drain();
  return (
    textJson(await call('search', { min_relevance: 0, ...args })) as {
      results: { id: string; superseded?: true }[];
    }
  ).results;
};

beforeAll(async () => {
  t = await startMcpTestServer();
  ann = await t.person();
  client = await connectV2(t.mcpUrl, ann.bearer);
});
afterAll(async () => {
  await client?.close();
  await t?.close();
});

describe('MCP: memories that change', () => {
  it('lists supersede for a writing key, with the instructions naming it', async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((x) => x.name === 'supersede');
    expect(tool?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(client.getInstructions()).toContain('supersedes: [old id]');
  });

  it('create with supersedes takes the old memory out of search; fetch says what replaced it', async () => {
    const oldId = createdId(
      await call('create', { title: 'Package manager', content: 'The repo uses npm for packages.' }),
    );
    const newId = createdId(
      await call('create', {
        title: 'Switched to pnpm',
        content: 'We switched the repo from npm to pnpm.',
        supersedes: [oldId],
      }),
    );
    expect((await searchIds({ query: 'npm packages' })).map((r) => r.id)).not.toContain(oldId);
    const withOld = await searchIds({ query: 'npm packages', include_superseded: true });
    expect(withOld.find((r) => r.id === oldId)?.superseded).toBe(true);
    const doc = textJson(await call('fetch', { id: oldId })) as {
      metadata: { superseded_at?: string; superseded_by?: { id: string; title: string; url: string } };
    };
    expect(doc.metadata.superseded_at).toBeTruthy();
    expect(doc.metadata.superseded_by).toMatchObject({ id: newId, title: 'Switched to pnpm' });
    expect(doc.metadata.superseded_by?.url).toBe(`${t.baseUrl}/app/traces/${newId}`);
  });

  it("fetch of the newer memory names what it replaced, within a project-limited key's project", async () => {
    const oldId = createdId(
      await call('create', { title: 'Node version', content: 'The service runs on Node 20.' }),
    );
    const personalId = createdId(
      await call('create', { title: 'Laptop', content: 'My laptop still has Node 18 installed.' }),
    );
    const newId = createdId(
      await call('create', {
        title: 'Node 24',
        content: 'The service moved to Node 24 LTS.',
        supersedes: [oldId, personalId],
        project: 'acme/service',
      }),
    );
    // Only the one in the project is moved there; the other stays personal.
    await t.as(ann).patch(`/api/traces/${oldId}`, { project: 'acme/service' });
    type Doc = { metadata: { replaces?: { id: string; title: string; url: string }[] } };
    const doc = textJson(await call('fetch', { id: newId })) as Doc;
    expect(doc.metadata.replaces?.map((r) => r.id).sort()).toEqual([oldId, personalId].sort());
    expect(doc.metadata.replaces?.find((r) => r.id === oldId)).toEqual({
      id: oldId,
      title: 'Node version',
      url: `${t.baseUrl}/app/traces/${oldId}`,
    });
    const limitedKey = await t.apiKey(ann, { project: 'acme/service' });
    const limited = await connectV2(t.mcpUrl, { authorization: `Bearer ${limitedKey.token}` });
    try {
      const seen = textJson(await limited.callTool({ name: 'fetch', arguments: { id: newId } })) as Doc;
      expect(seen.metadata.replaces?.map((r) => r.id)).toEqual([oldId]);
    } finally {
      await limited.close();
    }
    // One that replaced nothing says nothing about it.
    expect((textJson(await call('fetch', { id: oldId })) as Doc).metadata.replaces).toBeUndefined();
  });

  it('the supersede tool marks several at once, and names a wrong id', async () => {
    const a = createdId(await call('create', { title: 'Deploy', content: 'The API is deployed on Heroku.' }));
    const b = createdId(
      await call('create', { title: 'Dynos', content: 'Heroku dynos restart every night.' }),
    );
    const c = createdId(
      await call('create', { title: 'Fly', content: 'We migrated the API from Heroku to Fly.io.' }),
    );
    const res = await call('supersede', { ids: [a, b], by: c });
    expect(res.isError).toBeFalsy();
    const body = textJson(res) as { status: string; superseded: { id: string; superseded_at?: string }[] };
    expect(body.status).toBe('superseded');
    expect(body.superseded.map((x) => x.id).sort()).toEqual([a, b].sort());
    expect(body.superseded.every((x) => x.superseded_at)).toBe(true);
    const wrong = await call('supersede', { ids: ['5d0c8a3e-1111-4f4f-9a9a-000000000000'], by: c });
    expect(wrong.isError).toBe(true);
    expect(wrong.content[0]!.text).toContain('Trace not found: 5d0c8a3e-1111-4f4f-9a9a-000000000000');
  });

  it('is not offered to a read-only key', async () => {
    const reader = await t.person(['read:traces']);
    const readOnly = await connectV2(t.mcpUrl, reader.bearer);
    try {
      const { tools } = await readOnly.listTools();
      expect(tools.map((x) => x.name)).not.toContain('supersede');
    } finally {
      await readOnly.close();
    }
  });
});
