import type { Tx } from '../../db/db.js';
import { vectorLiteral } from '../../db/sql.js';

/** A claimed job: the trace's text as it was when claimed, and the job version claimed. */
export type ClaimedJob = {
  traceId: string;
  userId: string;
  attempts: number;
  version: number;
  text: string;
  textMd5: string;
};

export type EmbeddedJob = { job: ClaimedJob; vector: readonly number[] };
export type FailedJob = { job: ClaimedJob; delaySeconds: number; error: string };

/**
 * What is embedded for a trace: the title (when one was typed: a drawn one repeats the content,
 * ADR 0028), a blank line, the content. The same SQL expression computes it at claim time and
 * checks it again at write time, so a vector is only stored for the text the trace still has.
 */
const TEXT = `CASE WHEN coalesce(t.title, '') = '' OR t.title_generated THEN t.content
                   ELSE t.title || E'\\n\\n' || t.content END`;

/**
 * The two lanes of the queue (0026): a trace a person or an assistant just wrote goes first, an
 * import's or a re-index's bulk after it.
 */
export const PRIORITY = { interactive: 0, bulk: 1 } as const;

/** The embedding queue (0005: embedding_jobs, trace_embeddings). */
export const queueRepo = {
  /**
   * Queues (again) the embedding of a trace, inside the transaction that wrote it, as the
   * trace's owner. A job already there starts over: attempts reset, due now, any claim on an
   * older version released.
   */
  async enqueue(tx: Tx, traceId: string): Promise<void> {
    await queueRepo.enqueueMany(tx, [traceId], PRIORITY.interactive);
  },

  /** The same for many traces in one statement (an import's chunk goes in the bulk lane). */
  async enqueueMany(tx: Tx, traceIds: readonly string[], priority: number = PRIORITY.bulk): Promise<void> {
    if (!traceIds.length) return;
    await tx.query(
      `INSERT INTO embedding_jobs (trace_id, user_id, priority)
       SELECT id, user_id, $2 FROM traces WHERE id = ANY($1::uuid[])
       ON CONFLICT (trace_id) DO UPDATE
         SET attempts = 0, run_after = now(), claimed_until = NULL, last_error = NULL,
             enqueued_at = now(), version = embedding_jobs.version + 1,
             priority = least(embedding_jobs.priority, EXCLUDED.priority)`,
      [traceIds, priority],
    );
  },

  /**
   * Claims up to `limit` due jobs for `leaseSeconds` (as the owning role: jobs of every user).
   * SKIP LOCKED lets several instances claim side by side; the lease makes a crashed instance's
   * claims due again once it runs out.
   */
  async claim(tx: Tx, limit: number, leaseSeconds: number): Promise<ClaimedJob[]> {
    const rows = await tx.query<{
      trace_id: string;
      user_id: string;
      attempts: number;
      version: number;
      text: string;
      text_md5: string;
    }>(
      `WITH due AS (
         SELECT trace_id FROM embedding_jobs
          WHERE run_after <= now() AND (claimed_until IS NULL OR claimed_until < now())
          ORDER BY priority, run_after, trace_id
          LIMIT $1
          FOR UPDATE SKIP LOCKED),
       claimed AS (
         UPDATE embedding_jobs j SET claimed_until = now() + make_interval(secs => $2)
           FROM due WHERE j.trace_id = due.trace_id
         RETURNING j.trace_id, j.user_id, j.attempts, j.version)
       SELECT c.trace_id, c.user_id, c.attempts, c.version, ${TEXT} AS text, md5(${TEXT}) AS text_md5
         FROM claimed c JOIN traces t ON t.id = c.trace_id
        ORDER BY c.trace_id`,
      [limit, leaseSeconds],
    );
    return rows.map((r) => ({
      traceId: r.trace_id,
      userId: r.user_id,
      attempts: r.attempts,
      version: r.version,
      text: r.text,
      textMd5: r.text_md5,
    }));
  },

  /**
   * Stores vectors whose trace still has the text that was embedded, and deletes their jobs
   * unless they were queued again meanwhile (a newer version). A vector for a text that changed
   * is dropped and its job released for another run. Returns the traces whose vectors were stored.
   */
  async complete(tx: Tx, model: string, dimension: number, done: readonly EmbeddedJob[]): Promise<string[]> {
    if (!done.length) return [];
    const written = await tx.query<{ trace_id: string }>(
      `INSERT INTO trace_embeddings AS e (trace_id, user_id, model, dimension, embedding, text_md5)
       SELECT t.id, t.user_id, $4, $5, v.embedding::vector, v.text_md5
         FROM unnest($1::uuid[], $2::text[], $3::text[]) AS v(trace_id, embedding, text_md5)
         JOIN traces t ON t.id = v.trace_id
        WHERE md5(${TEXT}) = v.text_md5
        ORDER BY t.id
       ON CONFLICT (trace_id) DO UPDATE
         SET model = EXCLUDED.model, dimension = EXCLUDED.dimension, embedding = EXCLUDED.embedding,
             text_md5 = EXCLUDED.text_md5, embedded_at = now()
       RETURNING e.trace_id`,
      [
        done.map((d) => d.job.traceId),
        done.map((d) => vectorLiteral(d.vector)),
        done.map((d) => d.job.textMd5),
        model,
        dimension,
      ],
    );
    const stored = new Set(written.map((w) => w.trace_id));
    const ids = done.map((d) => d.job.traceId);
    const versions = done.map((d) => String(d.job.version));
    const wrote = done.map((d) => String(stored.has(d.job.traceId)));
    await tx.query(
      `DELETE FROM embedding_jobs j
        USING unnest($1::uuid[], $2::int[], $3::boolean[]) AS d(trace_id, version, wrote)
        WHERE j.trace_id = d.trace_id AND j.version = d.version AND d.wrote`,
      [ids, versions, wrote],
    );
    // Text changed under us: due again at once (the edit that changed it re-queued it anyway).
    await tx.query(
      `UPDATE embedding_jobs j SET claimed_until = NULL
         FROM unnest($1::uuid[], $2::boolean[]) AS d(trace_id, wrote)
        WHERE j.trace_id = d.trace_id AND NOT d.wrote`,
      [ids, wrote],
    );
    return [...stored];
  },

  /** Failed jobs stay queued: one more attempt counted, due again after the delay. */
  async fail(tx: Tx, failed: readonly FailedJob[]): Promise<void> {
    if (!failed.length) return;
    await tx.query(
      `UPDATE embedding_jobs j
          SET attempts = j.attempts + 1, run_after = now() + make_interval(secs => f.delay),
              claimed_until = NULL, last_error = f.error
         FROM unnest($1::uuid[], $2::int[], $3::float8[], $4::text[]) AS f(trace_id, version, delay, error)
        WHERE j.trace_id = f.trace_id AND j.version = f.version`,
      [
        failed.map((f) => f.job.traceId),
        failed.map((f) => String(f.job.version)),
        failed.map((f) => String(f.delaySeconds)),
        failed.map((f) => f.error.slice(0, 1000)),
      ],
    );
  },

  /** Gives claims back without counting an attempt (the worker is stopping). */
  async release(tx: Tx, jobs: readonly ClaimedJob[]): Promise<void> {
    if (!jobs.length) return;
    await tx.query(
      `UPDATE embedding_jobs j SET claimed_until = NULL
         FROM unnest($1::uuid[], $2::int[]) AS r(trace_id, version)
        WHERE j.trace_id = r.trace_id AND j.version = r.version`,
      [jobs.map((j) => j.traceId), jobs.map((j) => String(j.version))],
    );
  },

  /**
   * Queues active traces (ids after `afterId`, `scan` of them in id order) that have no vector
   * from `model` — or all of them with `all`. A slice at a time, so a start-up or reindex over
   * 100k traces never holds the database for long. `lastId` undefined means the end was reached.
   */
  async enqueueMissing(
    tx: Tx,
    options: { model: string; afterId: string | null; scan: number; all: boolean },
  ): Promise<{ enqueued: number; lastId: string | undefined }> {
    const slice = await tx.query<{ id: string }>(
      `SELECT id FROM traces WHERE is_active AND ($1::uuid IS NULL OR id > $1) ORDER BY id LIMIT $2`,
      [options.afterId, options.scan],
    );
    const last = slice.at(-1)?.id;
    if (!last) return { enqueued: 0, lastId: undefined };
    const rows = await tx.query<{ trace_id: string }>(
      `INSERT INTO embedding_jobs AS j (trace_id, user_id, priority)
       SELECT t.id, t.user_id, ${PRIORITY.bulk} FROM traces t
        WHERE t.id = ANY($1::uuid[])
          AND ($3 OR NOT EXISTS (SELECT 1 FROM trace_embeddings e WHERE e.trace_id = t.id AND e.model = $2))
        ORDER BY t.id
       ON CONFLICT (trace_id) DO UPDATE
         SET run_after = now(), attempts = 0, claimed_until = NULL, last_error = NULL,
             version = j.version + 1
         WHERE $3
       RETURNING j.trace_id`,
      [slice.map((r) => r.id), options.model, options.all],
    );
    return { enqueued: rows.length, lastId: slice.length < options.scan ? undefined : last };
  },

  /** Jobs in the queue: in total, and how many have failed at least once. */
  /** Depth, failures, and lag: how long the oldest job that is due has waited (0 when none is). */
  async counts(tx: Tx): Promise<{ queued: number; failing: number; oldestDueSeconds: number }> {
    const rows = await tx.query<{ queued: number; failing: number; oldestDueSeconds: number }>(
      `SELECT count(*)::int AS queued, count(*) FILTER (WHERE attempts > 0)::int AS failing,
              coalesce(extract(epoch FROM now() - min(enqueued_at) FILTER (WHERE run_after <= now())), 0)::float8
                AS "oldestDueSeconds"
         FROM embedding_jobs`,
    );
    return rows[0] ?? { queued: 0, failing: 0, oldestDueSeconds: 0 };
  },
};
