// Real: the app, its database, its search and queue; the scraper is plain HTTP through inject.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

const TOKEN = 'metrics-token-for-the-scraper-0123';

/** The value of one sample line (`name{labels} value`), or undefined when it is absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('is off (404, saying how to turn it on) unless METRICS_TOKEN is set', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Metrics are off: set METRICS_TOKEN to turn them on');
    } finally {
      await t.close();
    }
  });

  it('refuses a token shorter than 16 characters or holding spaces at boot', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in the middle' })).toThrow(/METRICS_TOKEN/);
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ METRICS_TOKEN: TOKEN });
    });
    afterAll(async () => {
      await t.close();
    });
    const scrape = (authorization?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });

    it('answers 401 without the token or with another one, and never with a session or API key', async () => {
      const user = await t.signUp();
      for (const auth of [
        undefined,
        'Bearer wrong-token-wrong-token-00',
        `Bearer ${TOKEN}x`,
        `Bearer ${user.token}`,
      ]) {
        const res = await scrape(auth);
        expect(res.statusCode).toBe(401);
        expect(res.headers['www-authenticate']).toContain('Bearer');
        expect(res.body).not.toContain('cairn_');
      }
    });

    it('counts requests by route pattern, searches by mode, the queue, imports, the database and the process', async () => {
      const user = await t.signUp();
      await t.app.inject({ method: 'GET', url: '/api/health' });
      // Two different ids, one route: the label is the pattern, so strangers' paths cannot grow it.
      for (let i = 0; i < 2; i++) await t.as(user).get(`/api/traces/${randomUUID()}`);
      await t.app.inject({ method: 'GET', url: `/api/no-such-route-${randomUUID()}` });
      await t.trace(user, { content: 'The heat pump filter is changed every March' });
      const found = await t.as(user).post('/api/search', { query: 'heat pump filter' });
      expect(found.status).toBe(200);

      const res = await scrape(`Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.headers['cache-control']).toBe('no-store');
      const text = res.body;

      expect(
        sample(
          text,
          'cairn_http_request_duration_seconds_count',
          '{route="/api/health",method="GET",status="200"}',
        ),
      ).toBe(1);
      expect(
        sample(
          text,
          'cairn_http_request_duration_seconds_count',
          '{route="/api/traces/:id",method="GET",status="404"}',
        ),
      ).toBe(2);
      expect(text).not.toMatch(/route="\/api\/traces\/[0-9a-f]{8}-/);
      expect(text).not.toContain('no-such-route');

      const mode = found.json.mode;
      expect(sample(text, 'cairn_search_duration_seconds_count', `{mode="${mode}"}`)).toBe(1);
      // Tests do not start the embedding worker: the new trace's job is still queued.
      expect(sample(text, 'cairn_embedding_queue_jobs', '{state="queued"}')).toBe(1);
      expect(sample(text, 'cairn_embedding_queue_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(text).toContain('# TYPE cairn_import_jobs gauge');
      expect(sample(text, 'cairn_database_busy_seconds_total')).toBeGreaterThan(0);
      expect(sample(text, 'cairn_database_waiting')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'cairn_http_shed_total')).toBe(0);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
      expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
      expect(sample(text, 'cairn_event_loop_delay_max_seconds')).toBeGreaterThanOrEqual(0);
    });
  });
});
