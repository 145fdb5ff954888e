import type { SimilarTrace } from '../../../contract/traces.js';
import type { Tx } from '../../db/db.js';
import { findSimilarTraces } from './similar.repo.js';

/**
 * Search's answer to "is this new trace already known?", for the traces service's create path.
 * It joins the caller's transaction, so the check sees exactly what the insert will see.
 */
export function findNearDuplicates(
  tx: Tx,
  draft: { title: string | null; content: string },
): Promise<SimilarTrace[]> {
  return findSimilarTraces(tx, draft);
}
