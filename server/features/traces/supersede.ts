import { z } from 'zod';
import { SupersededIds, type Trace } from '../../../contract/traces.js';
import { type Db, isUuid, type Tx } from '../../db/db.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { type Principal, requireScope } from '../../http/principal.js';
import { parseInput } from '../../http/validation.js';
import { supersedeRepo } from './supersede.repo.js';
import { TRACE_NOT_FOUND, visibleTo } from './trace-visibility.js';
import { tracesRepo } from './traces.repo.js';
import { toTrace } from './to-trace.js';

/**
 * Marks `olderIds` replaced by `byId` in the caller's transaction (ADR 0034): every one must be an
 * active trace the credential may touch, and the replacement a current one (a superseded trace
 * cannot replace anything, so no chain loops back on itself). Throws before marking anything, so
 * a create that names a wrong id writes nothing.
 */
export async function supersedeIn(
  tx: Tx,
  principal: Principal,
  olderIds: readonly string[],
  byId: string,
): Promise<void> {
  if (!olderIds.length) return;
  const by = byId.toLowerCase();
  if (olderIds.some((id) => id.toLowerCase() === by)) throw badRequest('A trace cannot replace itself');
  const found = new Map(
    (await supersedeRepo.activeTargets(tx, principal.userId, [...olderIds, by]))
      .filter((t) => visibleTo(principal, t))
      .map((t) => [t.id.toLowerCase(), t]),
  );
  const replacement = found.get(by);
  if (!replacement) throw notFound(`${TRACE_NOT_FOUND}: ${byId} (the replacing trace)`);
  if (replacement.superseded_at) {
    throw conflict(
      `Trace ${byId} is itself superseded; name the trace that is current now`,
      'replacement_superseded',
    );
  }
  const missing = olderIds.find((id) => !found.has(id.toLowerCase()));
  if (missing) throw notFound(`${TRACE_NOT_FOUND}: ${missing}`);
  await supersedeRepo.mark(tx, principal.userId, olderIds, by);
}

const OlderIds = z.object({
  ids: SupersededIds.refine((ids) => ids.length > 0, 'List at least one trace id'),
});

/**
 * Superseding outside a create: the person in the app (PUT/DELETE /api/traces/{id}/superseded_by)
 * and the MCP `supersede` tool.
 */
export function createSupersedeService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Marks each of `olderIds` replaced by `byId`; returns them as they now are. */
    async supersede(principal: Principal, olderIds: readonly string[], byId: string): Promise<Trace[]> {
      requireScope(principal, 'write:traces');
      // A malformed id is one that names no trace, as everywhere: 404, not 400.
      const malformed = [...olderIds, byId].find((id) => !isUuid(id));
      if (malformed !== undefined) throw notFound(`${TRACE_NOT_FOUND}: ${malformed.slice(0, 100)}`);
      const { ids } = parseInput(OlderIds, { ids: olderIds });
      const by = byId.toLowerCase();
      return db.asUser(principal.userId, async (tx) => {
        await supersedeIn(tx, principal, ids, by);
        const marked: Trace[] = [];
        for (const id of ids) {
          const row = await tracesRepo.findActive(tx, principal.userId, id);
          if (row) marked.push(toTrace(row, principal));
        }
        return marked;
      });
    },

    /** The trace holds again: it returns to search and the briefing. */
    async markCurrent(principal: Principal, id: string): Promise<Trace> {
      requireScope(principal, 'write:traces');
      if (!isUuid(id)) throw notFound(TRACE_NOT_FOUND);
      return db.asUser(principal.userId, async (tx) => {
        const current = await tracesRepo.findForUpdate(tx, principal.userId, id);
        if (!current?.is_active || !visibleTo(principal, current)) throw notFound(TRACE_NOT_FOUND);
        const row = current.superseded_at ? await supersedeRepo.clear(tx, principal.userId, id) : current;
        if (!row) throw notFound(TRACE_NOT_FOUND);
        return toTrace(row, principal);
      });
    },
  };
}

export type SupersedeService = ReturnType<typeof createSupersedeService>;
