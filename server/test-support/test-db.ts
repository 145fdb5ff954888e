import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { openPglite } from '../db/pglite.js';
import { openPostgres } from '../db/postgres.js';

/**
 * A fresh, migrated database for one test file or app: in-memory PGlite by default, or — when
 * TEST_DATABASE_URL points at a PostgreSQL server (scripts/postgres/with-server.mjs sets it) — a
 * new database on that server, dropped afterwards. The same tests thus prove both engines.
 */
export async function openTestDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openPglite(undefined);
    await migrate(db);
    return { db, close: () => db.close() };
  }
  const name = `cairn_test_${randomBytes(6).toString('hex')}`;
  await admin(url, async (client) => {
    // Roles are cluster-wide: create the app role once, tolerating a parallel worker's race.
    await client.query('CREATE ROLE cairn_app NOLOGIN NOBYPASSRLS').catch((err: { code?: string }) => {
      if (err.code !== '42710' && err.code !== '23505') throw err;
    });
    // Membership is cluster-wide too. Granted here (autocommit), 0001's GRANT finds it and does
    // nothing; otherwise two workers' long migration transactions race on pg_auth_members.
    await client.query('GRANT cairn_app TO CURRENT_USER').catch((err: { code?: string }) => {
      if (err.code !== '23505') throw err;
    });
    await client.query(`CREATE DATABASE ${name}`);
  });
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const db = await openPostgres(dbUrl.toString());
  await migrate(db);
  return {
    db,
    async close() {
      await db.close();
      await admin(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
