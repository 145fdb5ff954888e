import type { ActorKind } from '../../../contract/provenance.js';
import type { Category, Importance, TraceSource } from '../../../contract/traces.js';
import type { Tx } from '../../db/db.js';
import { actorNameSql, type Origin } from './provenance.js';
import { lockTracesOf, lockTracesOfMany } from './write-lock.js';

export type TraceRow = {
  id: string;
  user_id: string;
  title: string | null;
  content: string;
  category: Category;
  importance: Importance;
  tags: string[];
  access_count: number;
  source: TraceSource;
  content_hash: string;
  /** The title was drawn from the content (title.ts), not typed. */
  title_generated: boolean;
  created_at: Date;
  updated_at: Date;
  is_active: boolean;
  deleted_at: Date | null;
  /** Null: personal (ADR 0029). */
  project_id: string | null;
  /** The project's name, read with the row. */
  project: string | null;
  pinned: boolean;
  /** Provenance (ADR 0033): null for traces written before it was kept. */
  created_via: ActorKind | null;
  created_by_id: string | null;
  /** Read with the row: the key's, client's or import's name now (null: gone). */
  created_by_name: string | null;
  updated_via: ActorKind | null;
  updated_by_id: string | null;
  updated_by_name: string | null;
  /** Set: replaced by a newer trace (ADR 0034); it then leaves search and the briefing. */
  superseded_at: Date | null;
  /** The replacement; null once it was erased (the trace stays superseded). */
  superseded_by: string | null;
  /**
   * The replacement while it is active (a deleted one is not linked to), with its project so an
   * answer to a project-limited reader can leave out one it may not see (to-trace.ts).
   */
  replacement: { id: string; title: string | null; project_id: string | null } | null;
};

/** Every column but search_text (derived, as long as title + content, never sent anywhere). */
const PLAIN_COLUMNS = `id, user_id, title, content, category, importance, tags, access_count, source,
  content_hash, title_generated, created_at, updated_at, is_active, deleted_at, project_id, pinned,
  created_via, created_by_id, updated_via, updated_by_id, superseded_at, superseded_by`;
/** The project's name, of the row whose table is named (or aliased) `table`: few projects, a key look-up. */
const projectName = (table: string) =>
  `(SELECT p.name FROM projects p WHERE p.id = ${table}.project_id AND p.user_id = ${table}.user_id) AS project`;
/** The writers' names (provenance.ts), of the row whose table is named (or aliased) `table`. */
const actorNames = (table: string) =>
  `${actorNameSql(table, 'created_via', 'created_by_id')} AS created_by_name,
   ${actorNameSql(table, 'updated_via', 'updated_by_id')} AS updated_by_name`;
/** The replacement while it is active: a key look-up, only for superseded rows. */
const replacementTitle = (table: string) =>
  `(SELECT json_build_object('id', r.id, 'title', r.title, 'project_id', r.project_id) FROM traces r
     WHERE r.id = ${table}.superseded_by AND r.user_id = ${table}.user_id AND r.is_active) AS replacement`;
/** What is read with a row beside its columns: the project's and writers' names, the replacement. */
const derived = (table: string) => `${projectName(table)}, ${actorNames(table)}, ${replacementTitle(table)}`;
/** The columns of a TraceRow, from `traces` unaliased (also in RETURNING). */
export const COLUMNS = `${PLAIN_COLUMNS}, ${derived('traces')}`;
/** The same, qualified with the alias `t`. */
export const T_COLUMNS = `${PLAIN_COLUMNS.split(',')
  .map((c) => `t.${c.trim()}`)
  .join(', ')}, ${derived('t')}`;

export type NewTrace = {
  title: string | null;
  /** The title was drawn from the content (title.ts). */
  titleGenerated?: boolean;
  content: string;
  contentHash: string;
  category: Category;
  importance: Importance;
  tags: readonly string[];
  source: TraceSource;
  /** Only imports keep the time a memory was first written; everything else is now(). */
  createdAt?: Date | undefined;
  /** Null or left out: personal. */
  projectId?: string | null | undefined;
  pinned?: boolean | undefined;
  /** What writes it (ADR 0033); left out: not known. It is the last writer too. */
  origin?: Origin | undefined;
};

const UPDATABLE = [
  'title',
  'title_generated',
  'content',
  'content_hash',
  'category',
  'importance',
  'tags',
  'project_id',
  'pinned',
  'updated_via',
  'updated_by_id',
] as const;
export type TracePatch = Partial<Pick<TraceRow, (typeof UPDATABLE)[number]>>;

/**
 * A CTE for the access-count increments below (incrementAccess, fetchCounted): adds the rows of
 * `counted` to today's (UTC) row of the per-day access log behind the dashboard chart, for the
 * user in $2, in the same statement.
 */
const TALLY_TODAY = `logged AS (
         INSERT INTO trace_access_daily (user_id, day, count)
         SELECT $2, (now() AT TIME ZONE 'UTC')::date, count(*) FROM counted HAVING count(*) > 0
         ON CONFLICT (user_id, day) DO UPDATE SET count = trace_access_daily.count + EXCLUDED.count)`;

/** Rows of `traces`. Every statement filters by user_id (row-level security is the second lock). */
export const tracesRepo = {
  async findActive(tx: Tx, userId: string, id: string): Promise<TraceRow | undefined> {
    const rows = await tx.query<TraceRow>(
      `SELECT ${COLUMNS} FROM traces WHERE id = $1 AND user_id = $2 AND is_active`,
      [id, userId],
    );
    return rows[0];
  },

  /**
   * Any state (active or deleted), locked for the rest of the transaction. NO KEY UPDATE, the lock
   * an UPDATE itself takes: FOR UPDATE would also block the key-share lock that a create's foreign
   * keys (trace_similar, embedding jobs) take on this row while holding the user's counters row,
   * and this transaction then wants that counters row: a deadlock on PostgreSQL (issue 26).
   */
  async findForUpdate(tx: Tx, userId: string, id: string): Promise<TraceRow | undefined> {
    await lockTracesOf(tx, userId);
    const rows = await tx.query<TraceRow>(
      `SELECT ${COLUMNS} FROM traces WHERE id = $1 AND user_id = $2 FOR NO KEY UPDATE`,
      [id, userId],
    );
    return rows[0];
  },

  async findActiveByHash(tx: Tx, userId: string, contentHash: string): Promise<TraceRow | undefined> {
    const rows = await tx.query<TraceRow>(
      `SELECT ${COLUMNS} FROM traces WHERE user_id = $1 AND content_hash = $2 AND is_active`,
      [userId, contentHash],
    );
    return rows[0];
  },

  /**
   * Inserts unless an active trace of this user has the same content hash. `undefined` means the
   * dedup index refused it (also when an identical insert raced this one and won).
   */
  async insert(tx: Tx, userId: string, t: NewTrace): Promise<TraceRow | undefined> {
    await lockTracesOf(tx, userId);
    const rows = await tx.query<TraceRow>(
      `INSERT INTO traces (user_id, title, content, content_hash, category, importance, tags, source,
                           created_at, updated_at, title_generated, project_id, pinned,
                           created_via, created_by_id, updated_via, updated_by_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7::text[], $8, COALESCE($9, now()), COALESCE($9, now()), $10,
               $11, $12, $13, $14, $13, $14)
       ON CONFLICT (user_id, content_hash) WHERE is_active DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        userId,
        t.title,
        t.content,
        t.contentHash,
        t.category,
        t.importance,
        t.tags,
        t.source,
        t.createdAt ?? null,
        t.titleGenerated ?? false,
        t.projectId ?? null,
        t.pinned ?? false,
        t.origin?.via ?? null,
        t.origin?.id ?? null,
      ],
    );
    return rows[0];
  },

  /** Sets only the given columns; updated_at moves. */
  async update(tx: Tx, userId: string, id: string, patch: TracePatch): Promise<TraceRow | undefined> {
    await lockTracesOf(tx, userId);
    const sets: string[] = [];
    const params: (string | boolean | null | readonly string[])[] = [id, userId];
    // Column names come from this fixed list, never from the caller's keys.
    for (const column of UPDATABLE) {
      const value = patch[column];
      if (value === undefined) continue;
      params.push(value);
      sets.push(`${column} = $${params.length}${column === 'tags' ? '::text[]' : ''}`);
    }
    const rows = await tx.query<TraceRow>(
      `UPDATE traces SET ${[...sets, 'updated_at = now()'].join(', ')}
        WHERE id = $1 AND user_id = $2 AND is_active RETURNING ${COLUMNS}`,
      params,
    );
    return rows[0];
  },

  async softDelete(tx: Tx, userId: string, id: string): Promise<boolean> {
    await lockTracesOf(tx, userId);
    const rows = await tx.query(
      `UPDATE traces SET is_active = false, deleted_at = now()
        WHERE id = $1 AND user_id = $2 AND is_active RETURNING id`,
      [id, userId],
    );
    return rows.length === 1;
  },

  /** Retention: erases every user's traces deleted before `before`; returns how many. */
  async purgeDeleted(tx: Tx, before: Date): Promise<number> {
    const rows = await tx.query('DELETE FROM traces WHERE NOT is_active AND deleted_at < $1 RETURNING id', [
      before,
    ]);
    return rows.length;
  },

  async restore(tx: Tx, userId: string, id: string): Promise<TraceRow | undefined> {
    await lockTracesOf(tx, userId);
    const rows = await tx.query<TraceRow>(
      `UPDATE traces SET is_active = true, deleted_at = NULL
        WHERE id = $1 AND user_id = $2 AND NOT is_active RETURNING ${COLUMNS}`,
      [id, userId],
    );
    return rows[0];
  },

  /**
   * One UPDATE … SET access_count = access_count + 1: the row lock serialises concurrent
   * increments, so none is lost. The rows are locked first in id order: concurrent searches
   * return overlapping sets, and an UPDATE locks rows in whatever order its scan meets them,
   * which deadlocked on PostgreSQL. NO KEY UPDATE, not FOR UPDATE: a create holds the user's
   * trace_counters row and then key-share locks the near-duplicates it records (a foreign key);
   * FOR UPDATE blocked that while this statement's trigger waited for the counters row, and a
   * search while the same account wrote deadlocked (issue 26). Adds them to the day's tally
   * (trace_access_daily) and returns how many active traces of this user were counted.
   */
  async incrementAccess(tx: Tx, userId: string, ids: readonly string[]): Promise<number> {
    if (!ids.length) return 0;
    await lockTracesOf(tx, userId);
    // One statement for both: every assistant search pays for it (~2 ms a round trip on PGlite).
    const [row] = await tx.query<{ counted: number }>(
      `WITH counted AS (
         UPDATE traces t SET access_count = t.access_count + 1
           FROM (SELECT id FROM traces
                  WHERE id = ANY($1::uuid[]) AND user_id = $2 AND is_active
                  ORDER BY id FOR NO KEY UPDATE) locked
          WHERE t.id = locked.id RETURNING t.id),
       ${TALLY_TODAY}
       SELECT count(*)::int AS counted FROM counted`,
      [ids, userId],
    );
    return Number(row?.counted ?? 0);
  },

  /** The same increment (and tally) for one trace, returning it as counted (an assistant's fetch). */
  async fetchCounted(tx: Tx, userId: string, id: string): Promise<TraceRow | undefined> {
    await lockTracesOf(tx, userId);
    const rows = await tx.query<TraceRow>(
      `WITH counted AS (
         UPDATE traces SET access_count = access_count + 1
          WHERE id = $1 AND user_id = $2 AND is_active RETURNING ${COLUMNS}),
       ${TALLY_TODAY}
       SELECT * FROM counted`,
      [id, userId],
    );
    return rows[0];
  },

  /**
   * One page of active traces, newest first, after the trace `afterId` (keyset). The cursor is
   * read back from the row, not sent as a timestamp: JavaScript dates drop PostgreSQL's
   * microseconds, and a truncated cursor would skip rows written within the same millisecond.
   */
  async pageAfter(tx: Tx, userId: string, afterId: string | null, limit: number): Promise<TraceRow[]> {
    return tx.query<TraceRow>(
      `SELECT ${COLUMNS} FROM traces
        WHERE user_id = $1 AND is_active
          AND ($2::uuid IS NULL
               OR (created_at, id) < (SELECT c.created_at, c.id FROM traces c WHERE c.id = $2 AND c.user_id = $1))
        ORDER BY created_at DESC, id DESC
        LIMIT $3`,
      [userId, afterId, limit],
    );
  },

  /**
   * The user's tags, most used first, for the categoriser's vocabulary. Read from the newest
   * `window` traces so the cost stays flat however large the store grows.
   */
  async recentTags(tx: Tx, userId: string, limit = 200, window = 2000): Promise<string[]> {
    const rows = await tx.query<{ tag: string }>(
      `SELECT tag FROM (
         SELECT tags FROM traces WHERE user_id = $1 AND is_active
          ORDER BY created_at DESC, id DESC LIMIT $3) recent,
         unnest(recent.tags) AS tag
        GROUP BY tag ORDER BY count(*) DESC, tag LIMIT $2`,
      [userId, limit, window],
    );
    return rows.map((r) => r.tag);
  },

  /** Traces of every user with no title (written before titles were drawn), a slice in id order. */
  async untitled(tx: Tx, limit: number): Promise<{ id: string; user_id: string; content: string }[]> {
    return tx.query('SELECT id, user_id, content FROM traces WHERE title IS NULL ORDER BY id LIMIT $1', [
      limit,
    ]);
  },

  /**
   * Gives them drawn titles; updated_at stays (no one edited them). Their owners' write locks
   * first (write-lock.ts): the titles change the words' statistics, as an edit does.
   */
  async setGeneratedTitles(
    tx: Tx,
    titles: readonly { id: string; userId: string; title: string }[],
  ): Promise<void> {
    if (!titles.length) return;
    await lockTracesOfMany(
      tx,
      titles.map((t) => t.userId),
    );
    await tx.query(
      `UPDATE traces t SET title = d.title, title_generated = true
         FROM unnest($1::uuid[], $2::text[]) AS d(id, title)
        WHERE t.id = d.id AND t.title IS NULL`,
      [titles.map((t) => t.id), titles.map((t) => t.title)],
    );
  },
};
