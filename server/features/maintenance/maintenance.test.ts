import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/db.js';
import { createTestApp } from '../../test-support/test-app.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Each kind of row the retention sweeps own, in three ages: long expired (erased), expired within
 * the grace or the restore window (kept), and live (kept). Each row is named by a text column so
 * the test can say exactly which ones survive one pass.
 */
describe('one maintenance pass', () => {
  let t: TestApp;
  const LONG_AGO = "now() - interval '2 days'";
  const RECENTLY = "now() - interval '1 hour'";
  const LATER = "now() + interval '1 hour'";

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.asSystem(async (tx) => {
      const [user] = await tx.query<{ id: string }>(
        "INSERT INTO users (email, password_hash) VALUES ('retention@example.com', 'x') RETURNING id",
      );
      const userId = user!.id;

      const trace = (content: string, deletedAt: string | null) =>
        tx.query(
          `INSERT INTO traces (user_id, content, content_hash, is_active, deleted_at)
           VALUES ($1, $2, md5($2), ${deletedAt === null}, ${deletedAt ?? 'NULL'})`,
          [userId, content],
        );
      await trace('trace deleted 31 days ago', "now() - interval '31 days'");
      await trace('trace deleted 2 days ago', "now() - interval '2 days'");
      await trace('active trace', null);

      const importJob = async (name: string, status: string, finishedAt: string | null) => {
        const [job] = await tx.query<{ id: string }>(
          `INSERT INTO import_jobs (user_id, format, file_name, status, finished_at)
           VALUES ($1, 'text', $2, $3, ${finishedAt ?? 'NULL'}) RETURNING id`,
          [userId, name, status],
        );
        await tx.query(
          `INSERT INTO import_job_items (job_id, user_id, position, label, payload, kind)
           VALUES ($1, $2, 1, 'line 1', '{"content":"x"}', 'new')`,
          [job!.id, userId],
        );
      };
      await importJob('import finished 8 days ago', 'done', "now() - interval '8 days'");
      await importJob('import finished 2 days ago', 'done', "now() - interval '2 days'");
      await importJob('import running', 'running', null);

      const session = (name: string, expiresAt: string) =>
        tx.query(
          `INSERT INTO auth_sessions (family_id, user_id, token_hash, expires_at)
           VALUES (gen_random_uuid(), $1, $2, ${expiresAt})`,
          [userId, name],
        );
      await session('session expired 2 days ago', LONG_AGO);
      await session('session expired an hour ago', RECENTLY);
      await session('live session', LATER);

      const hits = (key: string, windowStart: string) =>
        tx.query(`INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, ${windowStart}, 3)`, [
          key,
        ]);
      await hits('window 2 days old', LONG_AGO);
      await hits('window an hour old', RECENTLY);

      const client = async (
        name: string,
        via: 'manual' | 'dynamic',
        owner: string | null,
        createdAt: string,
      ) => {
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO oauth_clients (client_id, user_id, name, platform, registered_via,
             token_endpoint_auth_method, redirect_uris, grant_types, scopes, created_at)
           VALUES ($1, $2, $1, 'generic', $3, 'none', ARRAY['https://client.example/cb'],
             ARRAY['authorization_code'], ARRAY['read:traces'], ${createdAt})
           RETURNING id`,
          [name, owner, via],
        );
        return row!.id;
      };
      const manual = await client('manual client, 2 days old', 'manual', userId, LONG_AGO);
      await client('unclaimed dynamic client, 2 days old', 'dynamic', null, LONG_AGO);
      await client('unclaimed dynamic client, an hour old', 'dynamic', null, RECENTLY);
      await client('claimed dynamic client, 2 days old', 'dynamic', userId, LONG_AGO);

      await grants(tx, manual, userId, 'expired 2 days ago', LONG_AGO);
      await grants(tx, manual, userId, 'expired an hour ago', RECENTLY);
      await grants(tx, manual, userId, 'live', LATER);
    });
  });
  afterAll(() => t?.close());

  /** A pending request, a code and an access token, all expiring at `expiresAt`. */
  async function grants(tx: Tx, clientRowId: string, userId: string, name: string, expiresAt: string) {
    const common = [clientRowId, `${name} `];
    await tx.query(
      `INSERT INTO oauth_authorization_requests (handle_hash, client_id, client_row_id, redirect_uri,
         redirect_uri_given, scopes, code_challenge, resource, expires_at)
       VALUES ($2 || 'request', 'c', $1, 'https://client.example/cb', true, ARRAY['read:traces'], 'x',
         'https://cairn.example/mcp', ${expiresAt})`,
      common,
    );
    await tx.query(
      `INSERT INTO oauth_codes (code_hash, client_row_id, user_id, redirect_uri, redirect_uri_given,
         scopes, code_challenge, resource, expires_at)
       VALUES ($2 || 'code', $1, $3, 'https://client.example/cb', true, ARRAY['read:traces'], 'x',
         'https://cairn.example/mcp', ${expiresAt})`,
      [...common, userId],
    );
    await tx.query(
      `INSERT INTO oauth_tokens (kind, token_hash, family_id, client_row_id, user_id, scopes, resource, expires_at)
       VALUES ('access', $2 || 'token', gen_random_uuid(), $1, $3, ARRAY['read:traces'],
         'https://cairn.example/mcp', ${expiresAt})`,
      [...common, userId],
    );
  }

  const names = (sql: string) =>
    t.db.asSystem(async (tx) => (await tx.query<{ name: string }>(`${sql} ORDER BY 1`)).map((r) => r.name));

  it('erases exactly the expired rows of every kind, and counts them', async () => {
    const pass = await t.app.services.maintenance.runOnce(new Date());

    expect(pass.erased).toEqual({
      traces: 1,
      sessions: 1,
      rateLimits: 1,
      'oauth.requests': 1,
      'oauth.codes': 1,
      'oauth.tokens': 1,
      'oauth.unclaimedClients': 1,
      imports: 1,
    });
    expect(await names('SELECT content AS name FROM traces')).toEqual([
      'active trace',
      'trace deleted 2 days ago',
    ]);
    expect(await names('SELECT token_hash AS name FROM auth_sessions')).toEqual([
      'live session',
      'session expired an hour ago',
    ]);
    expect(await names('SELECT file_name AS name FROM import_jobs')).toEqual([
      'import finished 2 days ago',
      'import running',
    ]);
    expect(await names('SELECT label AS name FROM import_job_items')).toEqual(['line 1', 'line 1']);
    expect(await names('SELECT key AS name FROM rate_limit_hits')).toEqual(['window an hour old']);
    expect(await names('SELECT name FROM oauth_clients')).toEqual([
      'claimed dynamic client, 2 days old',
      'manual client, 2 days old',
      'unclaimed dynamic client, an hour old',
    ]);
    expect(await names('SELECT handle_hash AS name FROM oauth_authorization_requests')).toEqual([
      'expired an hour ago request',
      'live request',
    ]);
    expect(await names('SELECT code_hash AS name FROM oauth_codes')).toEqual([
      'expired an hour ago code',
      'live code',
    ]);
    expect(await names('SELECT token_hash AS name FROM oauth_tokens')).toEqual([
      'expired an hour ago token',
      'live token',
    ]);
  });

  it('finds nothing more to erase on the next pass', async () => {
    const pass = await t.app.services.maintenance.runOnce(new Date());
    expect(Object.values(pass.erased).every((n) => n === 0)).toBe(true);
    expect(Object.keys(pass.erased)).toHaveLength(8);
  });
});
