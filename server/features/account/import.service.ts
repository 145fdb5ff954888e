import { IMPORT_JOB_LIMITS, type ImportJob, type ImportJobItemsResponse } from '../../../contract/account.js';
import type { SimilarTrace } from '../../../contract/traces.js';
import type { Db, Tx } from '../../db/db.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { type Principal, requireScope } from '../../http/principal.js';
import { turnTaker } from '../../lib/turns.js';
import { contentHash } from '../traces/content-hash.js';
import type { ParsedItem } from './formats/import-item.js';
import { detectFileFormat, readImportFile } from './formats/read-import-file.js';
import { ZipFormatError, ZipLimitError } from './formats/zip-reader.js';
import { type ImportJobRow, importRepo, type NewItem } from './import.repo.js';
import { requireOwner } from './owner.js';

const STAGE_BATCH = 500;
/** How long one of the preview's read transactions may hold the database (see nearDuplicatesOf). */
const STAGE_READ_BUDGET_MS = 50;

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
  /** Search's near-duplicate check (trigram), inside the caller's transaction. */
  /** Near-duplicates by words (the preview has no vectors yet: by meaning is found after import). */
  findSimilar: (
    tx: Tx,
    userId: string,
    draft: { title: string | null; content: string },
  ) => Promise<SimilarTrace[]>;
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

  /**
   * Near-duplicates by words of these drafts, in read transactions of about STAGE_READ_BUDGET_MS
   * each: one trigram query per draft, and PGlite's single connection must not be held for a whole
   * batch while other people search.
   */
  async function nearDuplicatesOf(
    userId: string,
    drafts: readonly { title: string | null; content: string }[],
  ): Promise<(SimilarTrace | undefined)[]> {
    const found: (SimilarTrace | undefined)[] = [];
    while (found.length < drafts.length) {
      await db.asUser(userId, async (tx) => {
        const started = performance.now();
        do {
          const draft = drafts[found.length]!;
          found.push((await deps.findSimilar(tx, userId, draft))[0]);
        } while (found.length < drafts.length && performance.now() - started < STAGE_READ_BUDGET_MS);
      });
    }
    return found;
  }

  /** Classifies one batch against the account and the file so far, and stores it. */
  async function stageBatch(
    userId: string,
    jobId: string,
    batch: { position: number; item: ParsedItem }[],
    seen: Set<string>,
  ) {
    const valid = batch.flatMap((b) => ('trace' in b.item ? [contentHash(b.item.trace.content)] : []));
    const existing = await db.asUser(userId, (tx) => importRepo.existingHashes(tx, userId, valid));
    const rows: NewItem[] = [];
    const unseen: { row: NewItem; draft: { title: string | null; content: string } }[] = [];
    // Hashing and serialising 500 items is CPU work: give the event loop away meanwhile.
    const turns = turnTaker();
    for (const { position, item } of batch) {
      await turns.pause();
      if (!('trace' in item)) {
        rows.push({ position, label: item.label, payload: null, kind: 'invalid', detail: item.error });
        continue;
      }
      const hash = contentHash(item.trace.content);
      const payload = JSON.stringify(item.trace);
      const savedAs = existing.get(hash);
      if (savedAs || seen.has(hash)) {
        const detail = savedAs
          ? `same content as trace ${savedAs}`
          : 'same content as an earlier item of this file';
        rows.push({ position, label: item.label, payload, kind: 'duplicate', detail });
        continue;
      }
      seen.add(hash);
      const row: NewItem = { position, label: item.label, payload, kind: 'new', detail: null };
      rows.push(row);
      unseen.push({ row, draft: { title: item.trace.title ?? null, content: item.trace.content } });
    }
    const similar = await nearDuplicatesOf(
      userId,
      unseen.map((u) => u.draft),
    );
    unseen.forEach(({ row }, i) => {
      const first = similar[i];
      if (!first) return;
      row.kind = 'near_duplicate';
      row.detail = `similar to trace ${first.id} (${Math.round(first.similarity * 100)}%)`;
    });
    await db.asUser(userId, (tx) => importRepo.insertItems(tx, userId, jobId, rows));
  }

  return {
    /**
     * Reads an uploaded file (already on disk) into a new job and previews it. Bad items are kept
     * with their reason; a file that cannot be read at all is refused with nothing stored.
     */
    async stage(principal: Principal, filePath: string, fileName: string | null): Promise<ImportJob> {
      requireOwner(principal, 'Only the account owner can import');
      requireScope(principal, 'write:traces');
      const { userId } = principal;
      const format = await detectFileFormat(filePath);
      const job = await db.asUser(userId, (tx) => importRepo.createJob(tx, userId, format, fileName));
      const seen = new Set<string>();
      let batch: { position: number; item: ParsedItem }[] = [];
      let position = 0;
      try {
        for await (const item of readImportFile(filePath, format)) {
          if (++position > IMPORT_JOB_LIMITS.items) {
            throw badRequest(`At most ${IMPORT_JOB_LIMITS.items} memories per import; split the file`);
          }
          batch.push({ position, item });
          if (batch.length >= STAGE_BATCH) {
            await stageBatch(userId, job.id, batch, seen);
            batch = [];
          }
        }
        await stageBatch(userId, job.id, batch, seen);
        if (position === 0) throw badRequest('Nothing to import: the file holds no memories');
      } catch (err) {
        // Nothing half-staged stays behind: the person uploads the file again once it is fixed.
        await db.asUser(userId, (tx) => importRepo.deleteJob(tx, userId, job.id));
        if (err instanceof ZipLimitError) {
          throw new AppError(413, 'payload_too_large', `This archive cannot be imported: ${err.message}`);
        }
        if (err instanceof ZipFormatError) throw badRequest(`This archive cannot be read: ${err.message}`);
        throw err;
      }
      return load(principal, job.id);
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
      if (job.status === 'ready') {
        await db.asUser(principal.userId, (tx) =>
          importRepo.setStatus(tx, principal.userId, jobId, 'ready', 'running', options.skip_near_duplicates),
        );
        deps.onStarted();
      }
      return load(principal, jobId);
    },

    /**
     * Retention, run by the maintenance schedule (ADR 0016): erases jobs finished, cancelled or
     * left unstarted over IMPORT_JOB_RETENTION_DAYS before `now`, for every user (so asSystem),
     * their items a slice per transaction. The traces they saved are the person's and stay.
     */
    async deleteExpired(now: Date): Promise<number> {
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
      if (job.status === 'ready' || job.status === 'running') {
        await db.asUser(principal.userId, (tx) =>
          importRepo.setStatus(tx, principal.userId, jobId, job.status as 'ready' | 'running', 'cancelled'),
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
    preview: {
      total: c.total,
      new: c.new,
      duplicates: c.duplicates,
      near_duplicates: c.near_duplicates,
      invalid: c.invalid,
    },
    progress: {
      processed: c.processed,
      imported: c.imported,
      duplicates: c.done_duplicates,
      failed: c.failed,
    },
  };
}
