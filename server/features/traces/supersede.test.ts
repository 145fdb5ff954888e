// Real: the whole app through app.inject on a real migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL), people and API keys made by the real routes, search with the test embedder
// (feature hashing) and the embedding queue drained, the briefing. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContextResponse } from '../../../contract/context.js';
import type { SearchResponse } from '../../../contract/search.js';
import type { CreateTraceResponse, Trace, TraceDetail } from '../../../contract/traces.js';
import { type Credential, createTestApp, type TestApp, type TestUser } from '../../test-support/test-app.js';

let t: TestApp;
let ann: TestUser;
let paris: Trace;
let berlin: CreateTraceResponse;

const create = async (user: Credential, body: Record<string, unknown>) =>
  t.as(user).post('/api/traces', body) as Promise<{
    status: number;
    json: CreateTraceResponse & { error?: string; code?: string };
  }>;
const read = async (id: string, as: Credential = ann) =>
  (await t.as(as).get(`/api/traces/${id}`)).json as unknown as TraceDetail;
const search = async (query: string, extra: Record<string, unknown> = {}) => {
  await t.app.services.embeddingWorker.drain();
  const res = await t.as(ann).post('/api/search', { query, min_relevance: 0, ...extra });
  return (res.json as unknown as SearchResponse).results.map((r) => r.id);
};
const count = async () => (await t.as(ann).get('/api/traces?pageSize=1')).json.totalCount as number;

beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp();
  paris = (
    await create(ann, {
      title: 'Home city',
      content: 'I live in Paris, in the 11th arrondissement.',
      importance: 'high',
    })
  ).json;
  berlin = (
    await create(ann, {
      title: 'Moved to Berlin',
      content: 'I moved to Berlin last month; my new flat is in Kreuzberg.',
      importance: 'high',
      supersedes: [paris.id],
    })
  ).json;
});
afterAll(async () => t?.close());

describe('a trace replaced by a newer one', () => {
  it('is marked superseded by create and links to its replacement; the new one is current', async () => {
    expect(berlin.superseded_at).toBeNull();
    const old = await read(paris.id);
    expect(old.superseded_at).not.toBeNull();
    expect(old.superseded_by).toEqual({ id: berlin.id, title: 'Moved to Berlin' });
    // Kept, never deleted: still in the list.
    const list = (await t.as(ann).get('/api/traces')).json.traces as Trace[];
    expect(list.map((x) => x.id)).toContain(paris.id);
  });

  it('the newer one names what it replaced; one that replaced nothing names nothing', async () => {
    expect((await read(berlin.id)).replaces).toEqual([{ id: paris.id, title: 'Home city' }]);
    expect((await read(paris.id)).replaces).toEqual([]);
  });

  it('leaves search and the briefing by default; include_superseded reaches it', async () => {
    expect(await search('Paris arrondissement')).not.toContain(paris.id);
    const all = await search('Paris arrondissement', { include_superseded: true });
    expect(all).toContain(paris.id);
    const res = await t
      .as(ann)
      .get('/api/search?q=Paris%20arrondissement&min_relevance=0&include_superseded=true');
    const hit = (res.json as unknown as SearchResponse).results.find((r) => r.id === paris.id);
    expect(hit?.superseded_at).not.toBeNull();
    const briefing = (await t.as(ann).get('/api/context?format=json')).json as unknown as ContextResponse;
    const briefed = briefing.items.map((i) => i.id);
    expect(briefed).toContain(berlin.id);
    expect(briefed).not.toContain(paris.id);
  });

  it('is current again after DELETE superseded_by, and replaced again by PUT', async () => {
    const current = await t.as(ann).delete(`/api/traces/${paris.id}/superseded_by`);
    expect(current.status).toBe(200);
    expect((current.json as unknown as Trace).superseded_at).toBeNull();
    expect(await search('Paris arrondissement')).toContain(paris.id);
    const again = await t.as(ann).put(`/api/traces/${paris.id}/superseded_by`, { id: berlin.id });
    expect(again.status).toBe(200);
    expect((again.json as unknown as Trace).superseded_by?.id).toBe(berlin.id);
    expect(await search('Paris arrondissement')).not.toContain(paris.id);
  });

  it('shows no link once the replacement is deleted, and stays superseded', async () => {
    const tmp = (await create(ann, { content: 'Temporary replacement note about the flat.' })).json;
    const old = (await create(ann, { content: 'The flat has a balcony facing the courtyard.' })).json;
    await t.as(ann).put(`/api/traces/${old.id}/superseded_by`, { id: tmp.id });
    await t.as(ann).delete(`/api/traces/${tmp.id}`);
    const after = await read(old.id);
    expect(after.superseded_at).not.toBeNull();
    expect(after.superseded_by).toBeNull();
  });
});

describe('refused, with nothing written', () => {
  it("an unknown, malformed or another person's id in supersedes: 404 and no new trace", async () => {
    const bob = await t.signUp();
    const bobs = (await create(bob, { content: "Bob's note about his bike." })).json;
    const before = await count();
    for (const id of ['5d0c8a3e-1111-4f4f-9a9a-000000000000', bobs.id]) {
      const res = await create(ann, { content: `A new fact ${id}`, supersedes: [id] });
      expect(res.status).toBe(404);
      expect(res.json.error).toBe(`Trace not found: ${id}`);
    }
    const malformed = await create(ann, { content: 'Another new fact', supersedes: ['not-an-id'] });
    expect(malformed.status).toBe(400);
    expect(await count()).toBe(before);
    // Bob's trace is untouched.
    expect(
      ((await t.as(bob).get(`/api/traces/${bobs.id}`)).json as unknown as Trace).superseded_at,
    ).toBeNull();
  });

  it('a trace replacing itself (400), or replaced by a superseded one (409)', async () => {
    const self = await t.as(ann).put(`/api/traces/${berlin.id}/superseded_by`, { id: berlin.id });
    expect(self.status).toBe(400);
    expect(self.json.error).toBe('A trace cannot replace itself');
    const loop = await t.as(ann).put(`/api/traces/${berlin.id}/superseded_by`, { id: paris.id });
    expect(loop.status).toBe(409);
    expect(loop.json.code).toBe('replacement_superseded');
    expect((await read(berlin.id)).superseded_at).toBeNull();
  });

  it('a malformed path id is 404; a missing body id is 400', async () => {
    expect((await t.as(ann).put('/api/traces/nope/superseded_by', { id: berlin.id })).status).toBe(404);
    expect((await t.as(ann).delete('/api/traces/nope/superseded_by')).status).toBe(404);
    const noBody = await t.as(ann).put(`/api/traces/${paris.id}/superseded_by`, {});
    expect(noBody.status).toBe(400);
  });

  it('a read-only key gets 403; a key limited to a project cannot reach a personal trace (404)', async () => {
    const readOnly = await t.apiKey(ann, { permissions: ['read:traces'] });
    expect(
      (await t.as(readOnly).put(`/api/traces/${paris.id}/superseded_by`, { id: berlin.id })).status,
    ).toBe(403);
    await t.as(ann).post('/api/projects', { name: 'acme/api' });
    const limited = await t.apiKey(ann, { project: 'acme/api' });
    const inProject = (await create(limited, { content: 'The API moved to Fly.io.' })).json;
    const res = await t.as(limited).put(`/api/traces/${berlin.id}/superseded_by`, { id: inProject.id });
    expect(res.status).toBe(404);
    const viaCreate = await create(limited, {
      content: 'The API runs on Fly.io now.',
      supersedes: [berlin.id],
    });
    expect(viaCreate.status).toBe(404);
    expect((await read(berlin.id)).superseded_at).toBeNull();
  });
});

describe('saying the same thing again', () => {
  it('an exact duplicate with supersedes marks the older ones all the same', async () => {
    const older = (await create(ann, { content: 'Standup is at 9:00 every day.' })).json;
    const newer = (await create(ann, { content: 'Standup moved to 10:15.' })).json;
    const again = await create(ann, { content: 'Standup moved to 10:15.', supersedes: [older.id] });
    expect(again.status).toBe(200);
    expect(again.json.duplicate_of).toBe(newer.id);
    expect((await read(older.id)).superseded_by?.id).toBe(newer.id);
  });
});

describe('what a trace replaced', () => {
  it('lists the newest first, at most 20, and no deleted one', async () => {
    const newer = (await create(ann, { content: 'The team standup is now async in Slack.' })).json;
    const older: string[] = [];
    for (let i = 0; i < 22; i++) {
      const old = (await create(ann, { title: `Standup ${i}`, content: `Standup rule number ${i}.` })).json;
      older.push(old.id);
    }
    for (const id of older) await t.as(ann).put(`/api/traces/${id}/superseded_by`, { id: newer.id });
    await t.as(ann).delete(`/api/traces/${older[21]}`);
    const { replaces } = await read(newer.id);
    expect(replaces).toHaveLength(20);
    // Newest first: the deleted 21st is left out, then 20 back to 1 (the first, the oldest, is cut).
    expect(replaces.map((r) => r.id)).toEqual(older.slice(1, 21).reverse());
    expect(replaces[0]).toEqual({ id: older[20], title: 'Standup 20' });
  });

  it("never names another project's trace, or a personal one, to a project-limited key", async () => {
    await t.as(ann).post('/api/projects', { name: 'acme/web' });
    const limited = await t.apiKey(ann, { project: 'acme/web' });
    const newer = (await create(limited, { content: 'The web app builds with Vite 7 now.' })).json;
    const inProject = (
      await create(limited, { title: 'Bundler', content: 'The web app builds with webpack.' })
    ).json;
    const personal = (await create(ann, { title: 'Secret plan', content: 'A personal note on bundlers.' }))
      .json;
    await t.as(ann).post('/api/projects', { name: 'acme/other' });
    const other = (
      await create(ann, {
        title: 'Other repo',
        content: 'The other repo bundles with rollup.',
        project: 'acme/other',
      })
    ).json;
    for (const id of [inProject.id, personal.id, other.id])
      expect((await t.as(ann).put(`/api/traces/${id}/superseded_by`, { id: newer.id })).status).toBe(200);
    expect((await read(newer.id, limited)).replaces).toEqual([{ id: inProject.id, title: 'Bundler' }]);
    // Nor the replacement of one of its own, when that lies beyond its project.
    const mine = (await create(limited, { title: 'Linter', content: 'The web app lints with eslint.' })).json;
    const elsewhere = (
      await create(ann, {
        title: 'Other linter',
        content: 'The other repo lints with biome.',
        project: 'acme/other',
      })
    ).json;
    const marked = await t.as(ann).put(`/api/traces/${mine.id}/superseded_by`, { id: elsewhere.id });
    expect(marked.status, marked.body).toBe(200);
    const seen = await read(mine.id, limited);
    expect(seen.superseded_at).not.toBeNull();
    expect(seen.superseded_by).toBeNull();
    const listed = (await t.as(limited).get('/api/traces?pageSize=100')).json.traces as Trace[];
    expect(listed.find((x) => x.id === mine.id)?.superseded_by).toBeNull();
    expect((await read(mine.id)).superseded_by).toEqual({ id: elsewhere.id, title: 'Other linter' });
    // The person sees all three.
    expect((await read(newer.id)).replaces.map((r) => r.id).sort()).toEqual(
      [inProject.id, personal.id, other.id].sort(),
    );
  });
});
