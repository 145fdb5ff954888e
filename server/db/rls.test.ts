// Real: the migrated database (in-memory PGlite, or PostgreSQL under TEST_DATABASE_URL) and its
// row-level security policies. Faked: nothing. These tests deliberately issue queries WITHOUT a
// user_id filter to prove the second lock: a forgotten filter returns nothing of anyone else's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/test-db.js';
import type { Db } from './db.js';

describe('row-level security', () => {
  let db: Db;
  let close: () => Promise<void>;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase());
    [alice, bob] = await db.asSystem(async (tx) => {
      const ids: string[] = [];
      for (const email of ['alice@example.com', 'bob@example.com']) {
        const [row] = await tx.query<{ id: string }>(
          "INSERT INTO users (email, password_hash) VALUES ($1, 'x') RETURNING id",
          [email],
        );
        ids.push(row!.id);
        await tx.query('INSERT INTO user_settings (user_id) VALUES ($1)', [row!.id]);
        await tx.query(
          `INSERT INTO auth_sessions (family_id, user_id, token_hash, expires_at)
           VALUES (gen_random_uuid(), $1, $2, now() + interval '1 day')`,
          [row!.id, `hash-${email}`],
        );
      }
      return ids as [string, string];
    });
  });
  afterAll(() => close());

  it('runs user transactions as a role that cannot bypass row-level security', async () => {
    const [who] = await db.asUser(alice, (tx) =>
      tx.query<{ role: string; bypass: boolean }>(
        'SELECT current_user AS role, rolbypassrls AS bypass FROM pg_roles WHERE rolname = current_user',
      ),
    );
    expect(who).toEqual({ role: 'cairn_app', bypass: false });
  });

  it('shows only the current user’s rows to a query that forgot its filter', async () => {
    const rows = await db.asUser(alice, (tx) =>
      tx.query<{ user_id: string }>('SELECT user_id FROM auth_sessions'),
    );
    expect(rows.map((r) => r.user_id)).toEqual([alice]);
    const users = await db.asUser(alice, (tx) => tx.query<{ id: string }>('SELECT id FROM users'));
    expect(users.map((u) => u.id)).toEqual([alice]);
    const settings = await db.asUser(bob, (tx) =>
      tx.query<{ user_id: string }>('SELECT user_id FROM user_settings'),
    );
    expect(settings.map((s) => s.user_id)).toEqual([bob]);
  });

  it('lets an unfiltered UPDATE or DELETE touch only the current user’s rows', async () => {
    const updated = await db.asUser(alice, (tx) =>
      tx.query('UPDATE auth_sessions SET user_agent = $1 RETURNING id', ['touched']),
    );
    expect(updated).toHaveLength(1);
    const deleted = await db.asUser(alice, (tx) =>
      tx.query(
        "DELETE FROM user_settings WHERE user_id <> '00000000-0000-0000-0000-000000000000' RETURNING user_id",
      ),
    );
    expect(deleted).toEqual([{ user_id: alice }]);
    const bobs = await db.asSystem((tx) =>
      tx.query<{ user_agent: string | null }>('SELECT user_agent FROM auth_sessions WHERE user_id = $1', [
        bob,
      ]),
    );
    expect(bobs).toEqual([{ user_agent: null }]);
    const bobSettings = await db.asSystem((tx) =>
      tx.query('SELECT 1 FROM user_settings WHERE user_id = $1', [bob]),
    );
    expect(bobSettings).toHaveLength(1);
  });

  it('refuses to write a row that belongs to someone else', async () => {
    await expect(
      db.asUser(alice, (tx) =>
        tx.query(
          `INSERT INTO auth_sessions (family_id, user_id, token_hash, expires_at)
           VALUES (gen_random_uuid(), $1, 'forged', now() + interval '1 day')`,
          [bob],
        ),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('protects every table that holds a user_id column (tables added later included)', async () => {
    const unprotected = await db.asSystem((tx) =>
      tx.query<{ table: string }>(
        `SELECT c.relname AS table
           FROM pg_class c
           JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
          WHERE c.relkind = 'r'
            AND (EXISTS (SELECT 1 FROM pg_attribute a
                          WHERE a.attrelid = c.oid AND a.attname = 'user_id' AND NOT a.attisdropped)
                 OR c.relname = 'users')
            AND NOT (c.relrowsecurity AND c.relforcerowsecurity)`,
      ),
    );
    expect(unprotected).toEqual([]);
  });
});
