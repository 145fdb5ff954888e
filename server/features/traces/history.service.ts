import { z } from 'zod';
import { type TraceVersion, type TraceVersionList, VERSIONED_FIELDS } from '../../../contract/history.js';
import type { Trace, UpdateTraceRequest } from '../../../contract/traces.js';
import { type Db, isUuid, type Tx } from '../../db/db.js';
import { notFound } from '../../http/errors.js';
import { type Principal, requireScope } from '../../http/principal.js';
import { historyRepo, type NewVersion, type Snapshot, type VersionRow } from './history.repo.js';
import { type Origin, toActor } from './provenance.js';
import { tracesRepo } from './traces.repo.js';

/**
 * How many versions a trace keeps (ADR 0033): the oldest beyond this are erased in the edit that
 * makes a new one, so a trace edited every minute by an assistant cannot grow without bound.
 * 50 × the 20,000-character cap is at most about 1 MB a trace, and 50 edits back is further than
 * anyone looks.
 */
export const TRACE_VERSIONS_KEPT = 50;

/** The versioned fields an edit changed, in the contract's order; empty: nothing to keep. */
export function changedFields(before: Snapshot, after: Snapshot): string[] {
  return VERSIONED_FIELDS.filter((field) =>
    field === 'tags'
      ? before.tags.length !== after.tags.length || before.tags.some((t, i) => t !== after.tags[i])
      : before[field] !== after[field],
  );
}

/**
 * Keeps the previous version of each trace an edit changed, inside the edit's transaction (after
 * its write lock), and prunes past TRACE_VERSIONS_KEPT. The one entry point of every edit path:
 * the single edit, bulk edits, and a restore of a version (which is an edit).
 */
export async function recordEdits(
  tx: Tx,
  userId: string,
  edits: readonly { before: Snapshot; after: Snapshot }[],
  origin: Origin,
): Promise<void> {
  const versions: NewVersion[] = edits
    .map(({ before, after }) => ({ before, changedFields: changedFields(before, after) }))
    .filter((v) => v.changedFields.length > 0);
  if (!versions.length) return;
  await historyRepo.insert(tx, userId, versions, origin);
  await historyRepo.prune(
    tx,
    userId,
    versions.map((v) => v.before.id),
    TRACE_VERSIONS_KEPT,
  );
}

/**
 * A bulk edit, in its transaction: `before` read ahead of the statement, `changed` what it
 * changed. Keeps their versions and names the writer of each changed trace.
 */
export async function recordBulkEdit(
  tx: Tx,
  userId: string,
  before: readonly Snapshot[],
  changed: readonly string[],
  origin: Origin,
): Promise<void> {
  if (!changed.length) return;
  const after = new Map((await historyRepo.snapshots(tx, userId, changed)).map((s) => [s.id, s]));
  const edits = before.flatMap((b) => {
    const a = after.get(b.id);
    return a ? [{ before: b, after: a }] : [];
  });
  await recordEdits(tx, userId, edits, origin);
  await historyRepo.markWrittenBy(tx, userId, changed, origin);
}

/** Read the versioned fields of traces before a bulk edit changes them. */
export const snapshotsOf = (tx: Tx, userId: string, ids: readonly string[]) =>
  historyRepo.snapshots(tx, userId, ids);

export function toVersion(row: VersionRow): TraceVersion {
  return {
    version: row.version,
    title: row.title,
    content: row.content,
    category: row.category,
    importance: row.importance,
    tags: row.tags,
    changed_fields: row.changed_fields.filter((f): f is (typeof VERSIONED_FIELDS)[number] =>
      (VERSIONED_FIELDS as readonly string[]).includes(f),
    ),
    changed_at: row.changed_at.toISOString(),
    changed_by: toActor(row.changed_via, row.changed_by_id, row.changed_by_name),
  };
}

/** A version number as a path sends it: a whole number from 1, else it names nothing. */
const VersionNumber = z.coerce.number().int().min(1).max(2_147_483_647);

const TRACE_NOT_FOUND = 'Trace not found';
const VERSION_NOT_FOUND = 'Version not found';

/** The edit a restore sends through the traces service: the same rules as any edit. */
type Edit = (principal: Principal, id: string, input: UpdateTraceRequest) => Promise<Trace>;

/** A trace's versions and their restore (REST: history.routes.ts). */
export function createHistoryService({ db, edit }: { db: Db; edit: Edit }) {
  /** The trace if the caller may see it: active, theirs, within a project-limited key's project. */
  async function visibleTrace(tx: Tx, principal: Principal, id: string) {
    const row = await tracesRepo.findActive(tx, principal.userId, id);
    if (!row || (principal.project && row.project_id !== principal.project.id))
      throw notFound(TRACE_NOT_FOUND);
    return row;
  }

  return {
    /** Newest first; 404 for a trace the caller cannot `get`. */
    async list(principal: Principal, id: string): Promise<TraceVersionList> {
      requireScope(principal, 'read:traces');
      if (!isUuid(id)) throw notFound(TRACE_NOT_FOUND);
      const rows = await db.asUser(principal.userId, async (tx) => {
        await visibleTrace(tx, principal, id);
        return historyRepo.list(tx, principal.userId, id);
      });
      return { versions: rows.map(toVersion), kept: TRACE_VERSIONS_KEPT };
    },

    /**
     * Brings a version's fields back. Restoring is an edit like any other, through the traces
     * service: it keeps the version it replaces, refreshes the embedding when the text changes and
     * answers 409 when another trace has that content now. A drawn title is drawn again.
     */
    async restore(principal: Principal, id: string, version: string): Promise<Trace> {
      requireScope(principal, 'write:traces');
      if (!isUuid(id)) throw notFound(TRACE_NOT_FOUND);
      const number = VersionNumber.safeParse(version);
      const row = await db.asUser(principal.userId, async (tx) => {
        await visibleTrace(tx, principal, id);
        return number.success ? historyRepo.find(tx, principal.userId, id, number.data) : undefined;
      });
      if (!row) throw notFound(VERSION_NOT_FOUND);
      return edit(principal, id, {
        title: row.title_generated ? null : row.title,
        content: row.content,
        category: row.category,
        importance: row.importance,
        tags: row.tags,
      });
    },

    /** Every version of these traces, by trace (an export with its history), in one transaction. */
    async ofTraces(principal: Principal, ids: readonly string[]): Promise<Map<string, TraceVersion[]>> {
      requireScope(principal, 'read:traces');
      const rows = await db.asUser(principal.userId, (tx) => historyRepo.ofTraces(tx, principal.userId, ids));
      const byTrace = new Map<string, TraceVersion[]>();
      for (const row of rows) {
        const list = byTrace.get(row.trace_id) ?? [];
        list.push(toVersion(row));
        byTrace.set(row.trace_id, list);
      }
      return byTrace;
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
