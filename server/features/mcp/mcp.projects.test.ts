// Real: the whole app listening on 127.0.0.1 on a real migrated database, a person and API keys
// (one limited to a project) made through the REST routes, the categoriser, the feature-hashing
// test embedder, and the official v2 MCP client over real HTTP. Nothing is faked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContextResponse } from '../../../contract/context.js';
import {
  connectV2,
  type McpTestServer,
  type Person,
  startMcpTestServer,
  textJson,
} from './testing/mcp-test-kit.js';

type ToolResult = {
  content: { type: string; text: string }[];
  isError?: boolean;
  structuredContent?: unknown;
};
type Client = Awaited<ReturnType<typeof connectV2>>;

let t: McpTestServer;
let ann: Person;
let client: Client;
const id = {} as Record<'api' | 'web' | 'personal', string>;

const call = async (c: Client, name: string, args: Record<string, unknown>) =>
  (await c.callTool({ name, arguments: args })) as ToolResult;
const created = (r: ToolResult) => (textJson(r) as { trace: { id: string; project: string | null } }).trace;
const resultIds = (r: ToolResult) => (textJson(r) as { results: { id: string }[] }).results.map((x) => x.id);

beforeAll(async () => {
  t = await startMcpTestServer();
  ann = await t.person();
  client = await connectV2(t.mcpUrl, ann.bearer);
  // An assistant naming a project that does not exist yet creates it.
  const api = created(
    await call(client, 'create', {
      title: 'API migrations',
      content: 'The API runs database migrations with knex before each deploy.',
      project: 'acme/api',
    }),
  );
  expect(api.project).toBe('acme/api');
  id.api = api.id;
  id.web = created(
    await call(client, 'create', {
      title: 'Web deploys',
      content: 'The web app deploys to the CDN after the database migrations finish.',
      project: 'acme/web',
    }),
  ).id;
  id.personal = created(
    await call(client, 'create', {
      title: 'Deploy habits',
      content: 'I never deploy database migrations on a Friday.',
    }),
  ).id;
});
afterAll(async () => {
  await client?.close();
  await t?.close();
});

describe('MCP tools within a project', () => {
  it('created the projects the assistant named', async () => {
    const res = await fetch(`${t.baseUrl}/api/projects`, { headers: ann.headers });
    const body = (await res.json()) as {
      projects: { name: string; trace_count: number }[];
      personal_count: number;
    };
    expect(body.projects.map((p) => [p.name, p.trace_count])).toEqual([
      ['acme/api', 1],
      ['acme/web', 1],
    ]);
    expect(body.personal_count).toBe(1);
  });

  it("searches a project's memories and the personal ones, never another project's unless asked", async () => {
    const inApi = resultIds(
      await call(client, 'search', {
        query: 'database migrations deploy',
        project: 'acme/api',
        min_relevance: 0,
      }),
    );
    expect(inApi).toEqual(expect.arrayContaining([id.api, id.personal]));
    expect(inApi).not.toContain(id.web);
    const everywhere = resultIds(
      await call(client, 'search', { query: 'database migrations deploy', project: '*', min_relevance: 0 }),
    );
    expect(everywhere).toEqual(expect.arrayContaining([id.api, id.web, id.personal]));
    // A workspace with no project yet: its search finds the personal memories only.
    const fresh = resultIds(
      await call(client, 'search', {
        query: 'database migrations deploy',
        project: 'acme/new',
        min_relevance: 0,
      }),
    );
    expect(fresh).toEqual([id.personal]);
  });

  it("fetches within a project: another project's trace is not found", async () => {
    expect((await call(client, 'fetch', { id: id.api, project: 'acme/api' })).isError).toBeFalsy();
    expect((await call(client, 'fetch', { id: id.personal, project: 'acme/api' })).isError).toBeFalsy();
    // Names are trimmed and compared whatever their case, as on every other way in.
    expect((await call(client, 'fetch', { id: id.api, project: ' ACME/API ' })).isError).toBeFalsy();
    expect((await call(client, 'fetch', { id: id.web, project: ' ACME/API ' })).isError).toBe(true);
    const other = await call(client, 'fetch', { id: id.web, project: 'acme/api' });
    expect(other.isError).toBe(true);
    expect(other.content[0]!.text).toContain('Trace not found');
  });

  it('pins with update, and the briefing puts pinned first within its budget, each with its id', async () => {
    const pinned = await call(client, 'update', { id: id.api, pinned: true });
    expect(pinned.isError).toBeFalsy();
    const brief = await call(client, 'context', {
      project: 'acme/api',
      task: 'deploy the web app',
      max_tokens: 400,
    });
    expect(brief.isError).toBeFalsy();
    const body = brief.structuredContent as ContextResponse;
    expect(body.project).toBe('acme/api');
    expect(body.items[0]).toMatchObject({ id: id.api, why: 'pinned' });
    expect(body.items.map((i) => i.id)).toContain(id.personal);
    expect(body.items.map((i) => i.id)).not.toContain(id.web);
    expect(body.used_tokens).toBeLessThanOrEqual(400);
    expect(brief.content[0]!.text).toContain(id.api);
    // Deterministic: the same question, the same answer.
    const again = await call(client, 'context', {
      project: 'acme/api',
      task: 'deploy the web app',
      max_tokens: 400,
    });
    expect(again.structuredContent).toEqual(body);
    // A budget too small for anything is an empty briefing, not an error; one out of bounds is refused.
    const tiny = (await call(client, 'context', { project: 'acme/api', max_tokens: 100 }))
      .structuredContent as ContextResponse;
    expect(tiny.used_tokens).toBeLessThanOrEqual(100);
    const huge = await call(client, 'context', { project: 'acme/api', max_tokens: 1_000_000 });
    expect(huge.isError).toBe(true);
  });

  it('offers the briefing as a prompt', async () => {
    const prompt = await client.getPrompt({ name: 'context', arguments: { project: 'acme/api' } });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text).toContain('API migrations');
    expect(text).not.toContain('Web deploys');
  });
});

describe('MCP with a project-limited API key', () => {
  it("gets not found for another project's trace and writes to its own project", async () => {
    const made = await fetch(`${t.baseUrl}/api/api-keys`, {
      method: 'POST',
      headers: { ...ann.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'api only', project: 'acme/api' }),
    });
    expect(made.status).toBe(201);
    const key = ((await made.json()) as { key: string }).key;
    const limited = await connectV2(t.mcpUrl, { authorization: `Bearer ${key}` });
    try {
      for (const other of [id.web, id.personal]) {
        const res = await call(limited, 'fetch', { id: other });
        expect(res.isError).toBe(true);
        expect(res.content[0]!.text).toContain('Trace not found');
        expect((await call(limited, 'update', { id: other, content: 'taken over' })).isError).toBe(true);
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
      const elsewhere = await call(limited, 'search', { query: 'deploy', project: 'acme/web' });
      expect(elsewhere.isError).toBe(true);
      const note = created(
        await call(limited, 'create', { title: 'Lint', content: 'The API lints with eslint.' }),
      );
      expect(note.project).toBe('acme/api');
      const brief = (await call(limited, 'context', {})).structuredContent as ContextResponse;
      expect(brief.items.every((i) => i.project === 'acme/api')).toBe(true);
    } finally {
      await limited.close();
    }
  });
});
