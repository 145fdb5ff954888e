import { BulkTracesRequest, type BulkTracesResponse } from '../../../contract/trace-bulk.js';
import { type Db, isUuid, type Tx } from '../../db/db.js';
import { type Principal, requireScope, requireWholeAccount } from '../../http/principal.js';
import { parseInput } from '../../http/validation.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { bulkRepo } from './bulk.repo.js';
import { recordBulkEdit, snapshotsOf } from './history.service.js';
import { originOf } from './provenance.js';

/** Actions that edit traces (ADR 0033): they keep versions and name their writer; delete and restore do not. */
const EDITS = new Set(['set_category', 'add_tag', 'remove_tag', 'move_to_project']);

/**
 * One action on up to 100 of the caller's traces, in one transaction: all of it happens or none.
 * Ids that are not the caller's active (or, for restore, deleted) traces are ignored, not refused:
 * a page of the list may hold a trace another tab has just deleted, and refusing the rest for it
 * would help no one. The answer lists what changed. Category and tags are not part of the text
 * that is embedded, so no embedding is re-queued; the full-text and counters triggers follow the
 * delete and restore on their own. Moving to a project names an existing one (an unknown name is
 * a 400, not a new project: a typo in a bulk action would otherwise scatter traces).
 */
export function createTraceBulkService({ db, projects }: { db: Db; projects: ProjectsService }) {
  return {
    async apply(principal: Principal, input: BulkTracesRequest): Promise<BulkTracesResponse> {
      requireScope(principal, 'write:traces');
      requireWholeAccount(principal);
      const body = parseInput(BulkTracesRequest, input);
      // Malformed ids cannot be anyone's trace (and would fail the uuid cast): ignored like others'.
      const ids = body.ids.filter(isUuid);
      const { userId } = principal;
      if (ids.length === 0) return { changed: [] };
      const act = async (tx: Tx): Promise<string[]> => {
        switch (body.action) {
          case 'delete':
            return bulkRepo.softDelete(tx, userId, ids);
          case 'restore':
            return bulkRepo.restore(tx, userId, ids);
          case 'set_category':
            return bulkRepo.setCategory(tx, userId, ids, body.category);
          case 'add_tag':
            return bulkRepo.addTag(tx, userId, ids, body.tag);
          case 'remove_tag':
            return bulkRepo.removeTag(tx, userId, ids, body.tag);
          case 'move_to_project': {
            // After the write lock (lockInIdOrder): the lookup only reads, and every write of the
            // transaction stays behind the per-user lock (issue 26).
            const projectId = await projects.forWrite(tx, principal, body.project, {
              create: false,
              isNew: false,
            });
            return bulkRepo.moveToProject(tx, userId, ids, projectId ?? null);
          }
        }
      };
      const changed = await db.asUser(userId, async (tx) => {
        await bulkRepo.lockInIdOrder(tx, userId, ids);
        if (!EDITS.has(body.action)) return act(tx);
        const before = await snapshotsOf(tx, userId, ids);
        const edited = await act(tx);
        await recordBulkEdit(tx, userId, before, edited, originOf(principal));
        return edited;
      });
      return { changed };
    },
  };
}

export type TraceBulkService = ReturnType<typeof createTraceBulkService>;
