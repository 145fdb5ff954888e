// Real: the app and its database; the "outage" is a real closed database. Faked: nothing.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app.js';

describe('GET /api/health', () => {
  it('answers ok with the version and the database kind, then 503 with a reason once the database is gone', async () => {
    const t = await createTestApp();
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok', version: t.config.version, database: t.db.kind });

    await t.db.close();
    const down = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      status: 'error',
      reason: 'Database is not reachable',
      database: t.db.kind,
    });
    await t.app.close();
  });
});
