// Real: the app through app.inject on the migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL), a person signed in through the login route and an API key made on its route,
// the traces, projects, search and context services. Faked: nothing. The budget fitting is also
// checked as the pure function it is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BriefingItem, CONTEXT_LIMITS } from '../../../contract/context.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app.js';
import { estimateTokens, fitToBudget, snippetOf } from './context.service.js';

let t: TestApp;
let ann: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ann = await t.signUp();
  await t.as(ann).post('/api/projects', { name: 'acme/api' });
  await t.trace(ann, {
    content: 'Run the API tests with npm run test:api.',
    project: 'acme/api',
    pinned: true,
  });
  await t.trace(ann, { content: 'Never force-push to main.', importance: 'high' });
  for (let i = 0; i < 30; i++)
    await t.trace(ann, {
      content: `API note ${i}: ${'detail '.repeat(40)}`,
      project: 'acme/api',
      importance: 'low',
    });
});
afterAll(async () => t.close());

describe('GET /api/context', () => {
  it('answers the briefing as JSON within the budget, pinned first, and as Markdown for a hook', async () => {
    const key = await t.apiKey(ann, { permissions: ['read:traces'] });
    const res = await t.as(key).get('/api/context?project=acme/api&max_tokens=300');
    expect(res.status).toBe(200);
    expect(res.json.project).toBe('acme/api');
    expect(res.json.items[0]).toMatchObject({ why: 'pinned', pinned: true });
    expect(res.json.items[1]).toMatchObject({ why: 'important', project: null });
    expect(res.json.used_tokens).toBeLessThanOrEqual(300);
    expect(res.json.omitted).toBeGreaterThan(0);

    const text = await t.as(key).get('/api/context?project=acme/api&format=text');
    expect(text.status).toBe(200);
    expect(text.headers['content-type']).toMatch(/^text\/markdown/);
    expect(text.body).toMatch(/^# Cairn memory briefing for acme\/api/);
    expect(text.body).toContain(res.json.items[0].id);
  });

  it('refuses a budget out of bounds and a task too long, naming the field', async () => {
    const small = await t.as(ann).get(`/api/context?max_tokens=${CONTEXT_LIMITS.maxTokensMin - 1}`);
    expect(small.status).toBe(400);
    expect(small.json.details?.[0]?.path).toBe('max_tokens');
    const long = await t.as(ann).get(`/api/context?task=${'x'.repeat(1001)}`);
    expect(long.status).toBe(400);
    expect(long.json.details?.[0]?.path).toBe('task');
    const format = await t.as(ann).get('/api/context?format=yaml');
    expect(format.status).toBe(400);
  });
});

describe('fitting the briefing to its budget', () => {
  const item = (id: string, chars: number, why: BriefingItem['why'] = 'recent'): BriefingItem => ({
    id,
    title: id,
    snippet: 'x'.repeat(chars),
    why,
    importance: 'medium',
    pinned: false,
    project: null,
    updated_at: '2026-01-01T00:00:00.000Z',
  });
  const cost = (i: BriefingItem) => estimateTokens(JSON.stringify(i));

  it('keeps part order, skips what does not fit, then hands out what is left', () => {
    const essential = [item('e1', 400), item('e2', 40)];
    const usual = [item('u1', 40), item('u2', 40)];
    const relevant = [item('r1', 40)];
    const budget = cost(essential[1]!) + cost(usual[0]!) + cost(usual[1]!) + cost(relevant[0]!);
    const fitted = fitToBudget([essential, usual, relevant], budget, [0.5, 0.25, 1]);
    expect(fitted.items.map((i) => i.id)).toEqual(['e2', 'u1', 'u2', 'r1']);
    expect(fitted.used).toBe(budget);
    expect(fitted.omitted).toBe(1);
    expect(fitToBudget([essential, usual, relevant], budget, [0.5, 0.25, 1])).toEqual(fitted);
  });

  it('cuts snippets on one line with an ellipsis', () => {
    expect(snippetOf('a\n\n b   c')).toBe('a b c');
    const long = snippetOf('word '.repeat(200));
    expect(long.length).toBeLessThanOrEqual(CONTEXT_LIMITS.snippetMax);
    expect(long.endsWith('…')).toBe(true);
  });
});
