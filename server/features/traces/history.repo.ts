import type { ActorKind } from '../../../contract/provenance.js';
import type { Category, Importance } from '../../../contract/traces.js';
import type { Tx } from '../../db/db.js';
import { actorNameSql, type Origin } from './provenance.js';

/** A trace's versioned fields as they were (ADR 0033). */
export type Snapshot = {
  id: string;
  title: string | null;
  title_generated: boolean;
  content: string;
  category: Category;
  importance: Importance;
  tags: string[];
};

/** A version to keep: the trace before an edit, and what the edit changed. */
export type NewVersion = { before: Snapshot; changedFields: readonly string[] };

export type VersionRow = Omit<Snapshot, 'id'> & {
  trace_id: string;
  version: number;
  changed_fields: string[];
  changed_at: Date;
  changed_via: ActorKind | null;
  changed_by_id: string | null;
  changed_by_name: string | null;
};

const VERSION_COLUMNS = `v.trace_id, v.version, v.title, v.title_generated, v.content, v.category, v.importance,
  v.tags, v.changed_fields, v.changed_at, v.changed_via, v.changed_by_id,
  ${actorNameSql('v', 'changed_via', 'changed_by_id')} AS changed_by_name`;

/**
 * Rows of `trace_versions`, one user's at a time. Called inside the transaction that edits the
 * traces, after its write lock (write-lock.ts), so the next version number cannot race.
 */
export const historyRepo = {
  /** The versioned fields of these traces now (a bulk edit reads them before and after). */
  async snapshots(tx: Tx, userId: string, ids: readonly string[]): Promise<Snapshot[]> {
    if (!ids.length) return [];
    return tx.query<Snapshot>(
      `SELECT id, title, title_generated, content, category, importance, tags FROM traces
        WHERE user_id = $1 AND id = ANY($2::uuid[])`,
      [userId, ids],
    );
  },

  /**
   * Keeps each trace's previous version, numbered after its last one, in one statement. The rows
   * travel as one JSON document (a text[][] must be rectangular; tags are not).
   */
  async insert(tx: Tx, userId: string, versions: readonly NewVersion[], origin: Origin): Promise<void> {
    if (!versions.length) return;
    const rows = versions.map(({ before, changedFields }) => ({
      trace_id: before.id,
      title: before.title,
      title_generated: before.title_generated,
      content: before.content,
      category: before.category,
      importance: before.importance,
      tags: before.tags,
      changed_fields: changedFields,
    }));
    await tx.query(
      `INSERT INTO trace_versions (user_id, trace_id, version, title, title_generated, content, category,
                                   importance, tags, changed_fields, changed_via, changed_by_id)
       SELECT $1::uuid, r.trace_id,
              COALESCE((SELECT max(x.version) FROM trace_versions x WHERE x.trace_id = r.trace_id), 0) + 1,
              r.title, r.title_generated, r.content, r.category, r.importance, r.tags, r.changed_fields,
              $3::text, $4::text
         FROM jsonb_to_recordset($2::jsonb)
           AS r(trace_id uuid, title text, title_generated boolean, content text, category text,
                importance text, tags text[], changed_fields text[])`,
      [userId, JSON.stringify(rows), origin.via, origin.id],
    );
  },

  /** Erases all but the newest `keep` versions of these traces. */
  async prune(tx: Tx, userId: string, traceIds: readonly string[], keep: number): Promise<void> {
    if (!traceIds.length) return;
    await tx.query(
      `DELETE FROM trace_versions d
        USING (SELECT trace_id, max(version) AS top FROM trace_versions
                WHERE user_id = $1 AND trace_id = ANY($2::uuid[]) GROUP BY trace_id) m
        WHERE d.user_id = $1 AND d.trace_id = m.trace_id AND d.version <= m.top - $3::int`,
      [userId, traceIds, keep],
    );
  },

  /**
   * Records who last wrote these traces, for a write that does not go through tracesRepo.update
   * (a bulk edit). updated_at is the bulk statement's own.
   */
  async markWrittenBy(tx: Tx, userId: string, ids: readonly string[], origin: Origin): Promise<void> {
    if (!ids.length) return;
    await tx.query(
      `UPDATE traces SET updated_via = $3::text, updated_by_id = $4::text WHERE user_id = $1 AND id = ANY($2::uuid[])`,
      [userId, ids, origin.via, origin.id],
    );
  },

  /** One trace's versions, newest first. */
  async list(tx: Tx, userId: string, traceId: string): Promise<VersionRow[]> {
    return tx.query<VersionRow>(
      `SELECT ${VERSION_COLUMNS} FROM trace_versions v
        WHERE v.user_id = $1 AND v.trace_id = $2 ORDER BY v.version DESC`,
      [userId, traceId],
    );
  },

  async find(tx: Tx, userId: string, traceId: string, version: number): Promise<VersionRow | undefined> {
    const rows = await tx.query<VersionRow>(
      `SELECT ${VERSION_COLUMNS} FROM trace_versions v
        WHERE v.user_id = $1 AND v.trace_id = $2 AND v.version = $3`,
      [userId, traceId, version],
    );
    return rows[0];
  },

  /** Every version of these traces (an export's page), newest first per trace. */
  async ofTraces(tx: Tx, userId: string, traceIds: readonly string[]): Promise<VersionRow[]> {
    if (!traceIds.length) return [];
    return tx.query<VersionRow>(
      `SELECT ${VERSION_COLUMNS} FROM trace_versions v
        WHERE v.user_id = $1 AND v.trace_id = ANY($2::uuid[]) ORDER BY v.trace_id, v.version DESC`,
      [userId, traceIds],
    );
  },
};
