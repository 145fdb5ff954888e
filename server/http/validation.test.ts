// Real: the Fastify app with its error handler and zod type provider, through app.inject, on a
// migrated database. Faked: nothing; the route below exists only to reach every request part.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../test-support/test-app.js';
import { AppError } from './errors.js';
import { parseInput } from './validation.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const Body = z.object({
  note: z.string().min(1, 'Note is required'),
  tags: z.array(z.string().max(3, 'Each tag must be at most 3 characters')).optional(),
  nested: z.object({ level: z.number('Level must be a number') }).optional(),
});
const Params = z.object({ slot: z.enum(['a', 'b'], 'Slot must be a or b') });
const Query = z.object({ limit: z.coerce.number().int().min(1, 'limit must be at least 1').optional() });

describe('one validation error shape for routes and services', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        beforeReady(app) {
          app.post(
            '/test/validation/:slot',
            { schema: { params: Params, querystring: Query, body: Body } },
            async () => ({ ok: true }),
          );
        },
      },
    );
  });
  afterAll(async () => t.close());

  const post = (slot: string, payload: object, query = '') =>
    t.app.inject({ method: 'POST', url: `/test/validation/${slot}${query}`, payload });

  /** What parseInput throws for the same input, as the HTTP body would carry it. */
  function serviceAnswer(schema: z.ZodType, input: unknown) {
    try {
      parseInput(schema, input);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { error: err.message, code: err.code, details: err.details };
    }
    throw new Error('parseInput accepted the input');
  }

  it('names a body field as sent, with array indexes and nested keys, never body.…', async () => {
    const payload = { note: '', tags: ['ok', 'long'], nested: { level: 'high' } };
    const res = await post('a', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      error: 'note: Note is required',
      details: [
        { path: 'note', message: 'Note is required' },
        { path: 'tags.1', message: 'Each tag must be at most 3 characters' },
        { path: 'nested.level', message: 'Level must be a number' },
      ],
    });
    expect(res.json()).toEqual(serviceAnswer(Body, payload));
  });

  it('names a path parameter and a query-string parameter by their names', async () => {
    const slot = await post('c', { note: 'x' });
    expect(slot.statusCode).toBe(400);
    expect(slot.json()).toEqual({
      code: 'validation_failed',
      error: 'slot: Slot must be a or b',
      details: [{ path: 'slot', message: 'Slot must be a or b' }],
    });
    const limit = await post('a', { note: 'x' }, '?limit=0');
    expect(limit.statusCode).toBe(400);
    expect(limit.json()).toEqual({
      code: 'validation_failed',
      error: 'limit: limit must be at least 1',
      details: [{ path: 'limit', message: 'limit must be at least 1' }],
    });
    expect(limit.json()).toEqual(serviceAnswer(Query, { limit: '0' }));
  });

  it('gives a whole-input problem an empty path and its message alone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/validation/a',
      headers: { 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.details).toEqual([{ path: '', message: body.error }]);
    expect(body).toEqual(serviceAnswer(Body, [1]));
  });
});
