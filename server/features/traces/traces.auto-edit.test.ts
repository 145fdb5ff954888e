// "Auto" on edit: PATCH with category/importance "auto" asks the categoriser again. Real: the app
// through app.inject, the migrated database, API keys and sessions, the bundled categoriser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, IMPORTANCES } from '../../../contract/traces.js';
import { createTestApp, type TestApp, type TestUser } from '../../test-support/test-app.js';

const NOTE = {
  title: 'Penicillin',
  content: 'I am allergic to penicillin; doctors must prescribe something else.',
};

describe('PATCH /api/traces/{id} with "auto"', () => {
  let t: TestApp;
  let ann: TestUser;
  // What Cairn suggests for NOTE when creating with everything on Auto (another person, so the
  // same words are not a duplicate).
  let suggested: { category: string; importance: string };

  beforeAll(async () => {
    t = await createTestApp();
    ann = await t.signUp();
    const bob = await t.signUp();
    const created = await t.trace(bob, { ...NOTE, category: 'auto', importance: 'auto' });
    suggested = { category: created.category, importance: created.importance };
  });
  afterAll(async () => t.close());

  /** A copy of NOTE for Ann with a category and importance Cairn would not have chosen. */
  async function annotated() {
    return t.trace(ann, {
      ...NOTE,
      category: CATEGORIES.find((c) => c !== suggested.category),
      importance: IMPORTANCES.find((i) => i !== suggested.importance),
      tags: ['health'],
    });
  }

  it('suggests category and importance again, keeping tags, text and id', async () => {
    const trace = await annotated();
    const key = await t.apiKey(ann);
    const res = await t.as(key).patch(`/api/traces/${trace.id}`, { category: 'auto', importance: 'auto' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: trace.id, ...NOTE, ...suggested, tags: ['health'] });
    await t.as(key).delete(`/api/traces/${trace.id}`);
  });

  it('re-suggests only the field sent as "auto"; the other keeps its value', async () => {
    const trace = await annotated();
    const res = await t.as(ann).patch(`/api/traces/${trace.id}`, { importance: 'auto' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ category: trace.category, importance: suggested.importance });
    await t.as(ann).delete(`/api/traces/${trace.id}`);
  });

  it('suggests from the words sent in the same edit, not the stored ones', async () => {
    const trace = await t.trace(ann, {
      title: 'Draft',
      content: 'placeholder text to be replaced',
      category: CATEGORIES.find((c) => c !== suggested.category),
      importance: IMPORTANCES.find((i) => i !== suggested.importance),
    });
    const res = await t
      .as(ann)
      .patch(`/api/traces/${trace.id}`, { ...NOTE, category: 'auto', importance: 'auto' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ...NOTE, ...suggested });
    await t.as(ann).delete(`/api/traces/${trace.id}`);
  });

  it("refuses an unknown value, and someone else's trace is not found", async () => {
    const trace = await annotated();
    const bad = await t.as(ann).patch(`/api/traces/${trace.id}`, { category: 'automatic' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^category: /);
    const carl = await t.signUp();
    const other = await t.as(carl).patch(`/api/traces/${trace.id}`, { category: 'auto' });
    expect(other.status).toBe(404);
    expect((await t.as(ann).get(`/api/traces/${trace.id}`)).json.category).toBe(trace.category);
  });
});
