import type { FastifyBaseLogger } from 'fastify';
import type { ImportJob, ImportJobItemsResponse } from '../../../contract/account.js';
import type { Db } from '../../db/db.js';
import { conflict, notFound } from '../../http/errors.js';
import { type Principal, requireScope } from '../../http/principal.js';
import { detectFileFormat } from './formats/read-import-file.js';
import { createStager, type FindSimilar, IMPORT_STAGING, importErrorOf } from './import-staging.js';
import { type ImportJobRow, importRepo } from './import.repo.js';
import { requireOwner } from './owner.js';

/**
 * A finished import's report (and the memories it carried, kept for the report's excerpts) is
 * kept this long, then erased by the maintenance pass; so is a preview nobody started.
 */
export const IMPORT_JOB_RETENTION_DAYS = 7;
/** Items erased per transaction: a 50k-item job is erased without holding the database for long. */
const ERASE_SLICE = 2000;
const JOB_NOT_FOUND = 'Import not found';

export type ImportServiceDeps = {
  db: Db;
  /** Near-duplicates by words (the preview has no vectors yet: by meaning is found after import). */
  findSimilar: FindSimilar;
  /** Where a background staging's unexpected failure is told. */
  log?: Pick<FastifyBaseLogger, 'error'>;
  /** How long an upload waits for its preview (IMPORT_STAGING.uploadWaitMs; tests shorten it). */
  uploadWaitMs?: number | undefined;
  /** Wakes the background runner when a job is started. */
  onStarted: () => void;
};

/**
 * Import jobs (docs/decisions/0019-import-export-formats.md): a file is read once, from disk,
 * into items with what the preview found; starting the job hands it to the runner.
 */
export function createImportService(deps: ImportServiceDeps) {
  const { db } = deps;

  async function load(principal: Principal, jobId: string): Promise<ImportJob> {
    const job = await db.asUser(principal.userId, async (tx) => {
      const row = await importRepo.findJob(tx, principal.userId, jobId);
      return row ? { row, counts: await importRepo.counts(tx, principal.userId, jobId) } : undefined;
    });
    if (!job) throw notFound(JOB_NOT_FOUND);
    return toJob(job.row, job.counts);
  }

  const stager = createStager(deps);
  /** Files being read in the background after their upload was answered (see stop()). */
  const background = new Set<Promise<void>>();

  /** Checks, detects the format, creates the job (staging) and starts reading; `reading` settles with the error, if any. */
  async function begin(principal: Principal, filePath: string, fileName: string | null) {
    requireOwner(principal, 'Only the account owner can import');
    requireScope(principal, 'write:traces');
    const { userId } = principal;
    const format = await detectFileFormat(filePath).catch((err: unknown) => {
      throw importErrorOf(err) ?? err;
    });
    const job = await db.asUser(userId, (tx) => importRepo.createJob(tx, userId, format, fileName));
    const reading = stager.fill(userId, job.id, filePath, format).then(
      () => undefined,
      (err: unknown) => err ?? new Error('staging failed'),
    );
    return { jobId: job.id, reading };
  }

  /** Nothing half-staged stays behind: the person uploads the file again once it is fixed. */
  async function refuse(userId: string, jobId: string, err: unknown): Promise<never> {
    await db.asUser(userId, (tx) => importRepo.deleteJob(tx, userId, jobId));
    throw importErrorOf(err) ?? err;
  }

  return {
    /**
     * Reads a file (already on disk) into a new job and previews it, whole, before answering: the
     * CLI's way. Bad items are kept with their reason; a file that cannot be read at all is
     * refused with nothing stored.
     */
    async stage(principal: Principal, filePath: string, fileName: string | null): Promise<ImportJob> {
      const { jobId, reading } = await begin(principal, filePath, fileName);
      const err = await reading;
      if (err !== undefined) await refuse(principal.userId, jobId, err);
      return load(principal, jobId);
    },

    /**
     * An upload: like stage(), but the answer waits at most `uploadWaitMs` for the preview. A file read
     * by then is answered complete (or refused, nothing stored); a longer one is answered with
     * its job `staging`, read on in the background, and `failed` with the reason if it cannot be
     * read to its end. `discard` removes the file once it has been read, either way.
     */
    async upload(
      principal: Principal,
      file: { path: string; name: string | null; discard(): Promise<void> },
    ): Promise<{ job: ImportJob; complete: boolean }> {
      let started: Awaited<ReturnType<typeof begin>>;
      try {
        started = await begin(principal, file.path, file.name);
      } catch (err) {
        await file.discard();
        throw err;
      }
      const { jobId, reading } = started;
      void reading.finally(() => file.discard().catch(() => undefined));
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'waiting'>((resolve) => {
        timer = setTimeout(() => resolve('waiting'), deps.uploadWaitMs ?? IMPORT_STAGING.uploadWaitMs);
      });
      const first = await Promise.race([reading.then((err) => ({ err })), waited]);
      clearTimeout(timer);
      if (first !== 'waiting') {
        if (first.err !== undefined) await refuse(principal.userId, jobId, first.err);
        return { job: await load(principal, jobId), complete: true };
      }
      const settled = reading.then(async (err) => {
        if (err === undefined) return;
        const known = importErrorOf(err);
        if (!known) deps.log?.error({ err, jobId }, 'import staging failed');
        const reason = known?.message ?? 'The file could not be read to its end; upload it again';
        await db
          .asUser(principal.userId, (tx) => importRepo.fail(tx, principal.userId, jobId, reason))
          .catch((failErr: unknown) =>
            deps.log?.error({ err: failErr, jobId }, 'could not mark import failed'),
          );
      });
      background.add(settled);
      void settled.finally(() => background.delete(settled));
      return { job: await load(principal, jobId), complete: false };
    },

    /**
     * Before the database closes: every background reading stops at its next batch and its job is
     * failed with a reason (upload it again), rather than left staging until the maintenance pass.
     */
    async stop(): Promise<void> {
      stager.stop();
      await Promise.all(background);
    },

    async get(principal: Principal, jobId: string): Promise<ImportJob> {
      requireOwner(principal, 'Only the account owner can import');
      if (!isUuidLike(jobId)) throw notFound(JOB_NOT_FOUND);
      return load(principal, jobId);
    },

    async list(principal: Principal): Promise<ImportJob[]> {
      requireOwner(principal, 'Only the account owner can import');
      const { userId } = principal;
      const rows = await db.asUser(userId, (tx) => importRepo.listJobs(tx, userId, 20));
      return Promise.all(rows.map((r) => load(principal, r.id)));
    },

    async items(
      principal: Principal,
      jobId: string,
      query: { kind?: string | undefined; after: number; limit: number },
    ): Promise<ImportJobItemsResponse> {
      requireOwner(principal, 'Only the account owner can import');
      if (!isUuidLike(jobId)) throw notFound(JOB_NOT_FOUND);
      const { userId } = principal;
      const rows = await db.asUser(userId, async (tx) => {
        if (!(await importRepo.findJob(tx, userId, jobId))) throw notFound(JOB_NOT_FOUND);
        return importRepo.items(tx, userId, jobId, {
          kind: query.kind ?? null,
          after: query.after,
          limit: query.limit,
        });
      });
      return {
        items: rows.map((r) => ({
          position: r.position,
          label: r.label,
          title: r.payload?.title ?? null,
          excerpt: r.payload?.content ? r.payload.content.slice(0, 160) : null,
          kind: r.kind,
          outcome: r.outcome,
          detail: r.detail,
          trace_id: r.trace_id,
        })),
        next_after: rows.length === query.limit ? (rows.at(-1)?.position ?? null) : null,
      };
    },

    /** Hands a previewed job to the runner; starting a running or finished job changes nothing. */
    async start(
      principal: Principal,
      jobId: string,
      options: { skip_near_duplicates: boolean },
    ): Promise<ImportJob> {
      requireOwner(principal, 'Only the account owner can import');
      requireScope(principal, 'write:traces');
      const job = await this.get(principal, jobId);
      if (job.status === 'cancelled') throw conflict('This import was cancelled; upload the file again');
      if (job.status === 'failed') {
        throw conflict(
          `This import failed (${job.error ?? 'its file could not be read'}); upload the file again`,
        );
      }
      // Its preview is not complete: starting it would import part of the file and call it done.
      if (job.status === 'staging') {
        throw conflict('This import is still reading its file; start it once its preview is complete');
      }
      if (job.status === 'ready') {
        await db.asUser(principal.userId, (tx) =>
          importRepo.setStatus(tx, principal.userId, jobId, 'ready', 'running', options.skip_near_duplicates),
        );
        deps.onStarted();
      }
      return load(principal, jobId);
    },

    /** Jobs by status across every user (staging, ready, running, done, cancelled, failed): /metrics. */
    jobsByStatus(): Promise<Record<string, number>> {
      return db.asSystem((tx) => importRepo.countByStatus(tx));
    },
    /**
     * Retention, run by the maintenance schedule (ADR 0016): erases jobs finished, cancelled or
     * left unstarted over IMPORT_JOB_RETENTION_DAYS before `now`, for every user (so asSystem),
     * their items a slice per transaction. The traces they saved are the person's and stay.
     */
    async deleteExpired(now: Date): Promise<number> {
      // Reading a file is bounded by IMPORT_STAGING.budgetMs: a job staging for twice that lost
      // the server that read it (a restart), and must not stay "staging" for a week.
      const stale = new Date(now.getTime() - 2 * IMPORT_STAGING.budgetMs);
      await db.asSystem((tx) =>
        importRepo.failStaleStaging(tx, stale, 'The server stopped while reading this file; upload it again'),
      );
      const before = new Date(now.getTime() - IMPORT_JOB_RETENTION_DAYS * 24 * 3600 * 1000);
      let erased = 0;
      for (;;) {
        const ids = await db.asSystem((tx) => importRepo.expiredJobs(tx, before, 20));
        if (!ids.length) return erased;
        for (const id of ids) {
          while ((await db.asSystem((tx) => importRepo.deleteItemsOf(tx, id, ERASE_SLICE))) > 0);
          await db.asSystem((tx) => importRepo.deleteJobById(tx, id));
          erased++;
        }
      }
    },

    /** Stops a job: what is saved stays saved, the rest is never imported. */
    async cancel(principal: Principal, jobId: string): Promise<ImportJob> {
      const job = await this.get(principal, jobId);
      if (job.status === 'staging' || job.status === 'ready' || job.status === 'running') {
        // A staging job's reading sees the change at its next batch and stops.
        await db.asUser(principal.userId, (tx) =>
          importRepo.setStatus(tx, principal.userId, jobId, job.status, 'cancelled'),
        );
      }
      return load(principal, jobId);
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;

function isUuidLike(id: string) {
  return /^[0-9a-f-]{36}$/iu.test(id);
}

function toJob(row: ImportJobRow, c: Awaited<ReturnType<typeof importRepo.counts>>): ImportJob {
  return {
    id: row.id,
    status: row.status,
    format: row.format as ImportJob['format'],
    file_name: row.file_name,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    error: row.error,
    preview: {
      total: c.total,
      new: c.new,
      duplicates: c.duplicates,
      near_duplicates: c.near_duplicates,
      invalid: c.invalid,
      skipped: c.skipped_entries,
    },
    progress: {
      processed: c.processed,
      imported: c.imported,
      duplicates: c.done_duplicates,
      failed: c.failed,
      skipped: c.skipped,
    },
  };
}
