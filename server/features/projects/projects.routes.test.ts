// Real: the app through app.inject on the migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL), people signed in through the login route, API keys made on their route,
// the traces, projects and search services with their SQL, the automatic categoriser and the
// feature-hashing test embedder the test app runs with. Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_LIMITS } from '../../../contract/projects.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app.js';

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
});
afterAll(async () => t.close());

const ids = (traces: { id: string }[]) => traces.map((x) => x.id).sort();

describe('projects: create, list with counts, rename, archive, delete', () => {
  it('creates a project, refuses a second of the same name in any case, and a name too long', async () => {
    const made = await t.as(alice).post('/api/projects', { name: '  acme/api ', description: 'The API' });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      name: 'acme/api',
      description: 'The API',
      archived: false,
      trace_count: 0,
    });

    const again = await t.as(alice).post('/api/projects', { name: 'ACME/API' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      code: 'duplicate_project',
      error: 'A project named "ACME/API" already exists',
    });

    const long = await t.as(alice).post('/api/projects', { name: 'x'.repeat(PROJECT_LIMITS.nameMax + 1) });
    expect(long.status).toBe(400);
    expect(long.json.details?.[0]).toMatchObject({
      path: 'name',
      message: `Project name must be at most ${PROJECT_LIMITS.nameMax} characters`,
    });
    const star = await t.as(alice).post('/api/projects', { name: '*' });
    expect(star.status).toBe(400);
  });

  it('puts traces in projects by name, counts them, and refuses an unknown project with its name', async () => {
    const user = await t.signUp();
    await t.as(user).post('/api/projects', { name: 'web' });
    const inWeb = await t.as(user).post('/api/traces', { content: 'The web app uses Vite.', project: 'WEB' });
    expect(inWeb.status).toBe(201);
    expect(inWeb.json).toMatchObject({ project: 'web', pinned: false });
    const personal = await t.as(user).post('/api/traces', { content: 'I prefer tabs to spaces.' });
    expect(personal.json.project).toBeNull();

    const unknown = await t.as(user).post('/api/traces', { content: 'Nowhere', project: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({
      code: 'unknown_project',
      error: 'There is no project named "nope"',
    });
    expect(unknown.json.details?.[0]?.path).toBe('project');

    const list = await t.as(user).get('/api/projects');
    expect(list.status).toBe(200);
    expect(
      list.json.projects.map((p: { name: string; trace_count: number }) => [p.name, p.trace_count]),
    ).toEqual([['web', 1]]);
    expect(list.json.personal_count).toBe(1);
  });

  it('filters the list and search by project: that project and personal ones, or the project only', async () => {
    const user = await t.signUp();
    await t.as(user).post('/api/projects', { name: 'alpha' });
    await t.as(user).post('/api/projects', { name: 'beta' });
    const a = (await t.trace(user, { content: 'Alpha deploys with blue green rollout', project: 'alpha' }))
      .id;
    const b = (await t.trace(user, { content: 'Beta deploys with a rolling rollout', project: 'beta' })).id;
    const p = (await t.trace(user, { content: 'I review every rollout myself' })).id;

    const all = await t.as(user).get('/api/traces');
    expect(ids(all.json.traces)).toEqual([a, b, p].sort());
    const alpha = await t.as(user).get('/api/traces?project=alpha');
    expect(ids(alpha.json.traces)).toEqual([a, p].sort());
    expect(alpha.json.totalCount).toBe(2);
    const only = await t.as(user).get('/api/traces?project=alpha&project_only=true');
    expect(ids(only.json.traces)).toEqual([a]);
    const star = await t.as(user).get('/api/traces?project=*');
    expect(star.json.totalCount).toBe(3);
    const unknown = await t.as(user).get('/api/traces?project=gamma');
    expect(unknown.status).toBe(400);
    expect(unknown.json.code).toBe('unknown_project');
    // The empty name, which no project can have: the personal traces only, in the list and search.
    const personal = await t.as(user).get('/api/traces?project=&search=rollout');
    expect(personal.status, personal.body).toBe(200);
    expect(ids(personal.json.traces)).toEqual([p]);
    expect(personal.json.totalCount).toBe(1);
    const personalSearch = await t
      .as(user)
      .post('/api/search', { query: 'rollout', project: '', min_relevance: 0 });
    expect(ids(personalSearch.json.results)).toEqual([p]);
    // A name of spaces trims to the same empty name: no project can be called that either.
    expect((await t.as(user).post('/api/projects', { name: '  ' })).status).toBe(400);

    const search = await t
      .as(user)
      .post('/api/search', { query: 'rollout', project: 'beta', min_relevance: 0 });
    expect(search.status).toBe(200);
    const found = ids(search.json.results);
    expect(found).toContain(b);
    expect(found).not.toContain(a);
    const everywhere = await t.as(user).post('/api/search', { query: 'rollout', min_relevance: 0 });
    expect(ids(everywhere.json.results)).toEqual(expect.arrayContaining([a, b]));
  });

  it('moves, pins and makes personal through trace update', async () => {
    const user = await t.signUp();
    await t.as(user).post('/api/projects', { name: 'ops' });
    const id = (await t.trace(user, { content: 'Backups run at 02:00 UTC.' })).id;
    const moved = await t.as(user).patch(`/api/traces/${id}`, { project: 'ops', pinned: true });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ project: 'ops', pinned: true });
    const back = await t.as(user).patch(`/api/traces/${id}`, { project: null });
    expect(back.json).toMatchObject({ project: null, pinned: true });
    const bad = await t.as(user).patch(`/api/traces/${id}`, { pinned: 'yes' });
    expect(bad.status).toBe(400);
  });

  it('renames and archives; delete makes the traces personal or deletes them, as asked', async () => {
    const user = await t.signUp();
    const proj = (await t.as(user).post('/api/projects', { name: 'old' })).json;
    await t.as(user).post('/api/projects', { name: 'taken' });
    const kept = (await t.trace(user, { content: 'Kept when the project goes', project: 'old' })).id;

    const clash = await t.as(user).patch(`/api/projects/${proj.id}`, { name: 'Taken' });
    expect(clash.status).toBe(409);
    const renamed = await t.as(user).patch(`/api/projects/${proj.id}`, { name: 'new', archived: true });
    expect(renamed.json).toMatchObject({ name: 'new', archived: true, trace_count: 1 });
    expect((await t.as(user).get(`/api/traces/${kept}`)).json.project).toBe('new');
    expect(
      (await t.as(user).get('/api/projects')).json.projects.map((p: { name: string }) => p.name),
    ).toEqual(['taken']);
    expect((await t.as(user).get('/api/projects?archived=true')).json.projects).toHaveLength(2);

    const badMode = await t.as(user).delete(`/api/projects/${proj.id}?traces=drop`);
    expect(badMode.status).toBe(400);
    expect(badMode.json.error).toBe('traces: traces must be personal or delete');
    // Left out, nothing is lost: the traces become personal.
    const gone = await t.as(user).delete(`/api/projects/${proj.id}`);
    expect(gone.json).toEqual({ deleted: true, traces: 1 });
    expect((await t.as(user).get(`/api/traces/${kept}`)).json).toMatchObject({ id: kept, project: null });

    const other = (await t.as(user).post('/api/projects', { name: 'doomed' })).json;
    const doomed = (await t.trace(user, { content: 'Deleted with its project', project: 'doomed' })).id;
    expect((await t.as(user).delete(`/api/projects/${other.id}?traces=delete`)).json.traces).toBe(1);
    expect((await t.as(user).get(`/api/traces/${doomed}`)).status).toBe(404);
    // Deleted as any trace is: restorable, and then personal.
    const restored = await t.as(user).post(`/api/traces/${doomed}/restore`);
    expect(restored.json).toMatchObject({ id: doomed, project: null });
    expect((await t.as(user).delete(`/api/projects/${other.id}?traces=personal`)).status).toBe(404);
  });
});

describe('a project-limited API key sees and touches its project only', () => {
  it('reads, lists, searches and writes within its project; everything else is 404 or 403', async () => {
    const user = await t.signUp();
    await t.as(user).post('/api/projects', { name: 'mine' });
    await t.as(user).post('/api/projects', { name: 'theirs' });
    const mine = (await t.trace(user, { content: 'Mine: lint with eslint flat config', project: 'mine' })).id;
    const theirs = (await t.trace(user, { content: 'Theirs: lint with ruff', project: 'theirs' })).id;
    const personal = (await t.trace(user, { content: 'Personal: lint before every commit' })).id;

    const key = await t.apiKey(user, { project: 'mine' });
    const listed = await t.as(user).get('/api/api-keys');
    expect(listed.json.find((k: { id: string }) => k.id === key.id)?.project).toBe('mine');
    const badKey = await t.as(user).post('/api/api-keys', { name: 'x', project: 'unknown' });
    expect(badKey.status).toBe(400);
    expect(badKey.json.code).toBe('unknown_project');

    const as = t.as(key);
    expect((await as.get(`/api/traces/${mine}`)).status).toBe(200);
    for (const id of [theirs, personal]) {
      expect((await as.get(`/api/traces/${id}`)).status).toBe(404);
      expect((await as.patch(`/api/traces/${id}`, { content: 'changed' })).status).toBe(404);
      expect((await as.delete(`/api/traces/${id}`)).status).toBe(404);
    }
    expect((await t.as(user).get(`/api/traces/${theirs}`)).json.content).toBe('Theirs: lint with ruff');

    expect(ids((await as.get('/api/traces')).json.traces)).toEqual([mine]);
    expect((await as.get('/api/traces?project=theirs')).json.code).toBe('project_limited');
    // Personal only is beyond a project-limited key too.
    expect((await as.get('/api/traces?project=')).json.code).toBe('project_limited');
    const search = await as.post('/api/search', { query: 'lint', min_relevance: 0 });
    expect(ids(search.json.results)).toEqual([mine]);
    expect((await as.get('/api/projects')).json).toMatchObject({
      personal_count: 0,
      projects: [{ name: 'mine' }],
    });

    const made = await as.post('/api/traces', { content: 'Written by the limited key' });
    expect(made.status).toBe(201);
    expect(made.json.project).toBe('mine');
    const elsewhere = await as.post('/api/traces', { content: 'Elsewhere', project: 'theirs' });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.json.code).toBe('project_limited');
    // The same content as a trace it cannot see: refused without showing that trace.
    const copy = await as.post('/api/traces', { content: 'Theirs: lint with ruff' });
    expect(copy.status).toBe(409);
    expect(JSON.stringify(copy.json)).not.toContain(theirs);
    expect((await as.patch(`/api/traces/${mine}`, { project: null })).status).toBe(403);

    for (const [method, url] of [
      ['get', '/api/tags'],
      ['get', '/api/stats'],
      ['get', `/api/traces/${mine}/similar`],
      ['post', '/api/projects'],
    ] as const) {
      const res = method === 'get' ? await as.get(url) : await as.post(url, { name: 'x' });
      expect(res.status, url).toBe(403);
      expect(res.json.code, url).toBe('project_limited');
    }
  });

  it('stops working when its project is deleted', async () => {
    const user = await t.signUp();
    const proj = (await t.as(user).post('/api/projects', { name: 'short-lived' })).json;
    const key = await t.apiKey(user, { project: 'short-lived' });
    expect((await t.as(key).get('/api/traces')).status).toBe(200);
    await t.as(user).delete(`/api/projects/${proj.id}?traces=personal`);
    expect((await t.as(key).get('/api/traces')).status).toBe(401);
  });
});
