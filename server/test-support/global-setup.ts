import { pgliteTemplate } from './test-db.js';

/**
 * Vitest global setup: builds the migrated PGlite template once, before any worker starts, so
 * parallel workers read it from the cache instead of each building their own
 * (docs/decisions/0014-test-databases.md). Under TEST_DATABASE_URL the first worker builds the
 * PostgreSQL template under an advisory lock instead.
 */
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await pgliteTemplate();
}
