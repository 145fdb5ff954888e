import { IMPORT_JOB_LIMITS, type ImportFormat } from '../../../contract/account.js';
import type { SimilarTrace } from '../../../contract/traces.js';
import type { Db, Tx } from '../../db/db.js';
import { AppError, badRequest } from '../../http/errors.js';
import { turnTaker } from '../../lib/turns.js';
import { contentHash } from '../traces/content-hash.js';
import { NotTextError } from './formats/binary-file.js';
import { type ParsedItem, UnreadableFileError, wellFormed } from './formats/import-item.js';
import { readImportFile } from './formats/read-import-file.js';
import { ZipFormatError, ZipLimitError } from './formats/zip-reader.js';
import { importRepo, type NewItem } from './import.repo.js';

/**
 * Time bounds of reading an uploaded file into a job (issue 26: an upload answered 503 at 30 s
 * while its staging went on must not leave a half-read job that can be started).
 */
export const IMPORT_STAGING = {
  /** Items classified and stored per batch. */
  batch: 500,
  /** How long one of the preview's read transactions may hold the database (see nearDuplicatesOf). */
  readBudgetMs: 50,
  /**
   * How long the upload waits for the preview before it answers: a file read by then is answered
   * 201 with its preview (or its 4xx); a longer one 202 with the job `staging`, read on in the
   * background. Well under the request timeout, so the upload itself never times out.
   */
  uploadWaitMs: 5_000,
  /** A file not read within this is refused (the job fails): split it. */
  budgetMs: 30 * 60 * 1000,
} as const;

export type FindSimilar = (
  tx: Tx,
  userId: string,
  draft: { title: string | null; content: string },
) => Promise<SimilarTrace[]>;

/** The server is shutting down: a file read in the background is given up at a batch's end. */
export class StagingStopped extends Error {}

/** A reading failure as the person should hear it; undefined for one that is not theirs (a bug, an outage). */
export function importErrorOf(err: unknown): AppError | undefined {
  if (err instanceof ZipLimitError) {
    return new AppError(413, 'payload_too_large', `This archive cannot be imported: ${err.message}`);
  }
  if (err instanceof ZipFormatError) return badRequest(`This archive cannot be read: ${err.message}`);
  if (err instanceof UnreadableFileError) return badRequest(err.message);
  if (err instanceof StagingStopped) {
    return new AppError(
      503,
      'shutting_down',
      'The server restarted while reading this file; upload it again',
    );
  }
  if (err instanceof NotTextError) return new AppError(415, 'unsupported_media_type', err.message);
  return err instanceof AppError ? err : undefined;
}

/**
 * Reads a file into a job's items with what the preview found; the job leaves `staging` for
 * `ready` only once the last item is stored.
 */
export function createStager(deps: { db: Db; findSimilar: FindSimilar }) {
  const { db } = deps;
  let stopping = false;

  /**
   * Near-duplicates by words of these drafts, in read transactions of about readBudgetMs each:
   * one trigram query per draft, and PGlite's single connection must not be held for a whole
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
        } while (found.length < drafts.length && performance.now() - started < IMPORT_STAGING.readBudgetMs);
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
    for (const { position, item: parsed } of batch) {
      await turns.pause();
      // Labels and reasons can quote the file (an entity's name): stored, they must be well formed.
      const item = { ...parsed, label: wellFormed(parsed.label) };
      if ('skipped' in item) {
        rows.push({ position, label: item.label, payload: null, kind: 'skipped', detail: item.skipped });
        continue;
      }
      if (!('trace' in item)) {
        rows.push({
          position,
          label: item.label,
          payload: null,
          kind: 'invalid',
          detail: wellFormed(item.error),
        });
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

  /** Is the job still being read (not cancelled meanwhile)? Checked between batches. */
  async function stillStaging(userId: string, jobId: string): Promise<boolean> {
    const row = await db.asUser(userId, (tx) => importRepo.findJob(tx, userId, jobId));
    return row?.status === 'staging';
  }

  return {
    /** Every reading stops at its next batch (the server is shutting down). */
    stop(): void {
      stopping = true;
    },
    /**
     * Reads every item of the file into the job, then marks it ready. Throws when the file cannot
     * be read to its end (the caller deletes or fails the job); returns early, leaving it as it
     * is, when the job was cancelled meanwhile.
     */
    async fill(userId: string, jobId: string, filePath: string, format: ImportFormat): Promise<void> {
      const started = performance.now();
      const seen = new Set<string>();
      let batch: { position: number; item: ParsedItem }[] = [];
      let position = 0;
      let memories = 0;
      for await (const item of readImportFile(filePath, format)) {
        if (!('skipped' in item)) memories++;
        if (++position > IMPORT_JOB_LIMITS.items) {
          throw badRequest(`At most ${IMPORT_JOB_LIMITS.items} memories per import; split the file`);
        }
        batch.push({ position, item });
        if (batch.length < IMPORT_STAGING.batch) continue;
        await stageBatch(userId, jobId, batch, seen);
        batch = [];
        if (stopping) throw new StagingStopped();
        if (!(await stillStaging(userId, jobId))) return;
        if (performance.now() - started > IMPORT_STAGING.budgetMs) {
          throw new AppError(
            413,
            'payload_too_large',
            `Reading this file took over ${IMPORT_STAGING.budgetMs / 60_000} minutes; split it into smaller files`,
          );
        }
      }
      await stageBatch(userId, jobId, batch, seen);
      if (memories === 0) throw badRequest('Nothing to import: the file holds no memories');
      await db.asUser(userId, (tx) => importRepo.setStatus(tx, userId, jobId, 'staging', 'ready'));
    },
  };
}
