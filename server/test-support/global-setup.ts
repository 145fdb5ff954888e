import { buildWordVectors } from '../../scripts/build-word-vectors.js';
import { pgliteTemplate } from './test-db.js';

/**
 * Vitest global setup: builds the word vectors search reads if they are missing, and the migrated
 * PGlite template once, before any worker starts, so
 * parallel workers read it from the cache instead of each building their own
 * (docs/decisions/0014-test-databases.md). Under TEST_DATABASE_URL the first worker builds the
 * PostgreSQL template under an advisory lock instead.
 */
export default async function setup(): Promise<void> {
  // Search reads the built word vectors (ADR 0008); a fresh clone has not built them yet.
  await buildWordVectors();
  if (!process.env.TEST_DATABASE_URL) await pgliteTemplate();
}
