// Real: Fastify app through app.inject, the migrated database (PGlite, or PostgreSQL under
// TEST_DATABASE_URL), the full-text statistics and cairn_similar_traces. Faked: the embedding
// model (feature hashing; near-duplicates do not use it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('near-duplicates on create', () => {
  let t: TestApp;
  let headers: { authorization: string };
  const create = (payload: object) => t.app.inject({ method: 'POST', url: '/api/traces', headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    headers = (await signUpAndLogin(t.app)).headers;
    for (const content of [
      'Team offsite in Lisbon on 14 March; flights booked with TAP, hotel near Alfama.',
      'Grocery list: oat milk, rye bread, tomatoes, basil, parmesan.',
      'Dentist appointment with Dr. Okafor moved to Tuesday at 3 pm.',
    ]) {
      await create({ content, category: 'work', importance: 'low', tags: [] });
    }
  });
  afterAll(async () => t.close());

  it('creates the trace (201) and lists close ones as similar, most similar first', async () => {
    const res = await create({
      content: 'Team offsite in Lisbon on 14 March: flights booked with TAP, hotel close to Alfama.',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.duplicate_of).toBeUndefined();
    expect(body.similar).toHaveLength(1);
    expect(body.similar[0]).toMatchObject({
      // It was written without a title: the one drawn from its content.
      title: 'Team offsite in Lisbon on 14 March',
      snippet: 'Team offsite in Lisbon on 14 March; flights booked with TAP, hotel near Alfama.',
    });
    expect(body.similar[0].similarity).toBeGreaterThan(0.5);
    expect(body.similar[0].similarity).toBeLessThan(1);
    expect(body.similar[0].id).not.toBe(body.id);
    // The new one is a near-duplicate of the old one too, and both are kept.
    const again = await create({
      content: 'Team offsite in Lisbon, 14 March. Flights booked with TAP; hotel near Alfama.',
    });
    expect(again.json().similar.map((s: { similarity: number }) => s.similarity)).toEqual(
      [...again.json().similar.map((s: { similarity: number }) => s.similarity)].sort(
        (x: number, y: number) => y - x,
      ),
    );
    expect(again.json().similar).toHaveLength(2);
  });

  it('lists nothing for a note that only shares a topic or a few words', async () => {
    const res = await create({ content: 'Grocery list for the party: crisps, lemonade, paper plates.' });
    expect(res.statusCode).toBe(201);
    expect(res.json().similar).toBeUndefined();
    expect(
      (await create({ content: 'Call Dr. Okafor about the x-ray results' })).json().similar,
    ).toBeUndefined();
  });

  it('ignores deleted traces, and an exact duplicate is still answered with duplicate_of', async () => {
    const gone = (
      await create({ content: 'Parking spot number 417 on level B2 at the airport garage' })
    ).json();
    await t.app.inject({ method: 'DELETE', url: `/api/traces/${gone.id}`, headers });
    const res = await create({ content: 'Parking spot number 417, level B2, airport garage' });
    expect(res.statusCode).toBe(201);
    expect(res.json().similar).toBeUndefined();
    const exact = await create({ content: 'parking spot number 417, level b2, airport garage' });
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({ duplicate_of: res.json().id });
    expect(exact.json().similar).toBeUndefined();
  });
});
