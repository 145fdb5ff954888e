import type { Tx } from '../../db/db.js';

/** The import tables (0013): a job per uploaded file, an item per memory in it. */
export type ImportJobRow = {
  id: string;
  user_id: string;
  status: 'staging' | 'ready' | 'running' | 'done' | 'cancelled' | 'failed';
  error: string | null;
  format: string;
  file_name: string | null;
  skip_near_duplicates: boolean;
  created_at: Date;
  finished_at: Date | null;
};

export type ImportCounts = {
  total: number;
  new: number;
  duplicates: number;
  near_duplicates: number;
  invalid: number;
  skipped_entries: number;
  processed: number;
  imported: number;
  done_duplicates: number;
  failed: number;
  skipped: number;
};

export type ItemRow = {
  position: number;
  label: string;
  payload: { title?: string | null; content?: string } | null;
  kind: 'new' | 'duplicate' | 'near_duplicate' | 'invalid' | 'skipped';
  outcome: 'imported' | 'duplicate' | 'failed' | 'skipped' | null;
  detail: string | null;
  trace_id: string | null;
};

export type NewItem = {
  position: number;
  label: string;
  payload: string | null;
  kind: ItemRow['kind'];
  detail: string | null;
};

const JOB_COLUMNS =
  'id, user_id, status, format, file_name, skip_near_duplicates, created_at, finished_at, error';

export const importRepo = {
  async createJob(tx: Tx, userId: string, format: string, fileName: string | null): Promise<ImportJobRow> {
    const [row] = await tx.query<ImportJobRow>(
      `INSERT INTO import_jobs (user_id, format, file_name) VALUES ($1, $2, $3) RETURNING ${JOB_COLUMNS}`,
      [userId, format, fileName],
    );
    return row!;
  },

  /** One batch of items in one statement (arrays unnested), so staging 50k items is ~100 statements. */
  async insertItems(tx: Tx, userId: string, jobId: string, items: readonly NewItem[]): Promise<void> {
    if (!items.length) return;
    await tx.query(
      `INSERT INTO import_job_items (job_id, user_id, position, label, payload, kind, detail)
       SELECT $1, $2, p::int, l, NULLIF(j, '')::jsonb, k, NULLIF(d, '')
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS t(p, l, j, k, d)`,
      [
        jobId,
        userId,
        items.map((i) => String(i.position)),
        items.map((i) => i.label),
        items.map((i) => i.payload ?? ''),
        items.map((i) => i.kind),
        items.map((i) => i.detail ?? ''),
      ],
    );
  },

  /**
   * Which of these content hashes the user already has among active traces. It reads the traces
   * table directly (as the traces repo's dedup index does) because a preview of 50k items must
   * not cost 50k round trips through the traces service.
   */
  async existingHashes(tx: Tx, userId: string, hashes: readonly string[]): Promise<Map<string, string>> {
    if (!hashes.length) return new Map();
    const rows = await tx.query<{ id: string; content_hash: string }>(
      'SELECT id, content_hash FROM traces WHERE user_id = $1 AND is_active AND content_hash = ANY($2::text[])',
      [userId, hashes],
    );
    return new Map(rows.map((r) => [r.content_hash, r.id]));
  },

  async deleteJob(tx: Tx, userId: string, jobId: string): Promise<void> {
    await tx.query('DELETE FROM import_jobs WHERE user_id = $1 AND id = $2', [userId, jobId]);
  },

  async findJob(tx: Tx, userId: string, jobId: string): Promise<ImportJobRow | undefined> {
    const [row] = await tx.query<ImportJobRow>(
      `SELECT ${JOB_COLUMNS} FROM import_jobs WHERE user_id = $1 AND id = $2`,
      [userId, jobId],
    );
    return row;
  },

  async listJobs(tx: Tx, userId: string, limit: number): Promise<ImportJobRow[]> {
    return tx.query<ImportJobRow>(
      `SELECT ${JOB_COLUMNS} FROM import_jobs WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2`,
      [userId, limit],
    );
  },

  async counts(tx: Tx, userId: string, jobId: string): Promise<ImportCounts> {
    const [row] = await tx.query<Record<keyof ImportCounts, string | number>>(
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE kind = 'new') AS new,
              count(*) FILTER (WHERE kind = 'duplicate') AS duplicates,
              count(*) FILTER (WHERE kind = 'near_duplicate') AS near_duplicates,
              count(*) FILTER (WHERE kind = 'invalid') AS invalid,
              count(*) FILTER (WHERE kind = 'skipped') AS skipped_entries,
              count(*) FILTER (WHERE outcome IS NOT NULL) AS processed,
              count(*) FILTER (WHERE outcome = 'imported') AS imported,
              count(*) FILTER (WHERE outcome = 'duplicate') AS done_duplicates,
              count(*) FILTER (WHERE outcome = 'failed') AS failed,
              count(*) FILTER (WHERE outcome = 'skipped') AS skipped
         FROM import_job_items WHERE user_id = $1 AND job_id = $2`,
      [userId, jobId],
    );
    return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)])) as ImportCounts;
  },

  async items(
    tx: Tx,
    userId: string,
    jobId: string,
    filter: { kind: string | null; after: number; limit: number },
  ): Promise<ItemRow[]> {
    return tx.query<ItemRow>(
      `SELECT position, label, payload, kind, outcome, detail, trace_id FROM import_job_items
        WHERE user_id = $1 AND job_id = $2 AND position > $3 AND ($4::text IS NULL OR kind = $4)
        ORDER BY position LIMIT $5`,
      [userId, jobId, filter.after, filter.kind, filter.limit],
    );
  },

  async setStatus(
    tx: Tx,
    userId: string,
    jobId: string,
    from: ImportJobRow['status'],
    to: ImportJobRow['status'],
    skipNear?: boolean,
  ): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE import_jobs SET status = $4,
              skip_near_duplicates = coalesce($5, skip_near_duplicates),
              started_at = CASE WHEN $4 = 'running' THEN now() ELSE started_at END,
              finished_at = CASE WHEN $4 IN ('done', 'cancelled', 'failed') THEN now() ELSE finished_at END
        WHERE user_id = $1 AND id = $2 AND status = $3 RETURNING id`,
      [userId, jobId, from, to, skipNear ?? null],
    );
    return rows.length > 0;
  },

  /**
   * A job whose file could not be read to the end: its items go (it can never be started, and a
   * part of a file must not look like a preview), the reason stays for the person to read.
   */
  async fail(tx: Tx, userId: string, jobId: string, error: string): Promise<void> {
    await tx.query('DELETE FROM import_job_items WHERE user_id = $1 AND job_id = $2', [userId, jobId]);
    await tx.query(
      `UPDATE import_jobs SET status = 'failed', error = $3, finished_at = now()
        WHERE user_id = $1 AND id = $2 AND status = 'staging'`,
      [userId, jobId, error],
    );
  },

  /**
   * Jobs left staging since before `before`, across users (the maintenance pass): the server
   * that read their file stopped half-way (their reading has a shorter budget than this).
   */
  async failStaleStaging(tx: Tx, before: Date, error: string): Promise<number> {
    const rows = await tx.query(
      `UPDATE import_jobs SET status = 'failed', error = $2, finished_at = now()
        WHERE status = 'staging' AND created_at < $1 RETURNING id`,
      [before.toISOString(), error],
    );
    return rows.length;
  },

  /** Jobs with work to do, across users (the runner's view; as the owning role). */
  /** Every user's jobs by status, for /metrics (retention keeps the table small). */
  async countByStatus(tx: Tx): Promise<Record<string, number>> {
    const rows = await tx.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM import_jobs GROUP BY status`,
    );
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  },
  async runningJobs(tx: Tx): Promise<{ id: string; user_id: string; skip_near_duplicates: boolean }[]> {
    return tx.query(
      "SELECT id, user_id, skip_near_duplicates FROM import_jobs WHERE status = 'running' ORDER BY created_at",
    );
  },

  async pending(tx: Tx, userId: string, jobId: string, limit: number): Promise<ItemRow[]> {
    return tx.query<ItemRow>(
      `SELECT position, label, payload, kind, outcome, detail, trace_id FROM import_job_items
        WHERE user_id = $1 AND job_id = $2 AND outcome IS NULL ORDER BY position LIMIT $3`,
      [userId, jobId, limit],
    );
  },

  /**
   * Jobs past retention, across users (the maintenance pass; as the owning role): finished or
   * cancelled before `before`, or previewed before it and never started. Running jobs never.
   */
  async expiredJobs(tx: Tx, before: Date, limit: number): Promise<string[]> {
    const rows = await tx.query<{ id: string }>(
      `SELECT id FROM import_jobs
        WHERE (status IN ('done', 'cancelled', 'failed') AND finished_at < $1)
           OR (status IN ('staging', 'ready') AND created_at < $1)
        ORDER BY created_at LIMIT $2`,
      [before.toISOString(), limit],
    );
    return rows.map((r) => r.id);
  },

  /** Erases up to `limit` of a job's items (their payloads and report lines); returns how many. */
  async deleteItemsOf(tx: Tx, jobId: string, limit: number): Promise<number> {
    const rows = await tx.query(
      `DELETE FROM import_job_items WHERE job_id = $1 AND position IN (
         SELECT position FROM import_job_items WHERE job_id = $1 ORDER BY position LIMIT $2)
       RETURNING position`,
      [jobId, limit],
    );
    return rows.length;
  },

  async deleteJobById(tx: Tx, jobId: string): Promise<void> {
    await tx.query('DELETE FROM import_jobs WHERE id = $1', [jobId]);
  },

  /** Many items' outcomes in one statement (a chunk's, in the transaction that saved its traces). */
  async setOutcomes(
    tx: Tx,
    userId: string,
    jobId: string,
    outcomes: readonly {
      position: number;
      outcome: NonNullable<ItemRow['outcome']>;
      detail: string | null;
      traceId: string | null;
    }[],
  ): Promise<void> {
    if (!outcomes.length) return;
    // '' stands for null inside the arrays: the driver port takes no nulls in them.
    await tx.query(
      `UPDATE import_job_items i
          SET outcome = u.outcome, detail = coalesce(NULLIF(u.detail, ''), i.detail),
              trace_id = NULLIF(u.trace_id, '')::uuid
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) AS u(position, outcome, detail, trace_id)
        WHERE i.user_id = $1 AND i.job_id = $2 AND i.position = u.position::int`,
      [
        userId,
        jobId,
        outcomes.map((o) => String(o.position)),
        outcomes.map((o) => o.outcome),
        outcomes.map((o) => o.detail ?? ''),
        outcomes.map((o) => o.traceId ?? ''),
      ],
    );
  },

  /** Items that need no save (invalid, or skipped) get their outcome in one statement. */
  async settleWithoutSaving(tx: Tx, userId: string, jobId: string, skipNear: boolean): Promise<void> {
    await tx.query(
      `UPDATE import_job_items SET outcome = CASE WHEN kind = 'invalid' THEN 'failed' ELSE 'skipped' END
        WHERE user_id = $1 AND job_id = $2 AND outcome IS NULL
          AND (kind IN ('invalid', 'skipped') OR ($3 AND kind = 'near_duplicate'))`,
      [userId, jobId, skipNear],
    );
  },
};
