import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { ImportedTrace } from '../../../contract/account.js';
import type { Db } from '../../db/db.js';
import type { Principal } from '../../http/principal.js';
import type { BatchDraft, Settled, TraceBatch } from '../traces/batch-create.js';
import { importOrigin } from '../traces/provenance.js';
import { importRepo } from './import.repo.js';

/**
 * Items per chunk: one read, one lookup of every content hash, the categoriser outside any
 * transaction, then writes of the traces with their outcomes, sliced by the trace batch to about
 * WRITE_BUDGET_MS each. Past ~100 the per-chunk overhead no longer shrinks; larger chunks only
 * delay a cancel and the next person's job.
 */
export const IMPORT_CHUNK = 100;

/**
 * Runs started import jobs in the background, a chunk of items per job in turn, so two people's
 * imports share the runner. The items' outcomes in the database are the only state, and each
 * item's outcome commits in the same transaction as its trace: after a crash, start() picks up
 * every running job at its first item without an outcome, and nothing saved lacks one. A cancel
 * takes effect at the next chunk (at most `chunk` more items).
 */
export function createImportRunner(deps: {
  db: Db;
  traceBatch: TraceBatch;
  log: FastifyBaseLogger;
  /** Items per chunk; tests make it small to stop a job between chunks. */
  chunk?: number;
}) {
  const { db, traceBatch, log } = deps;
  const chunkSize = deps.chunk ?? IMPORT_CHUNK;
  let loop: Promise<void> | null = null;
  let again = false;
  let stopping = false;

  /** The job's owner, as the import's author: saves count as the person's own (source: import). */
  const ownerOf = (userId: string, jobId: string): Principal => ({
    userId,
    via: 'session',
    scopes: ['read:traces', 'write:traces'],
    credentialId: `import:${jobId}`,
  });

  /** Works on one chunk of the job; false when the job had nothing left (it is then done). */
  async function runChunk(job: {
    id: string;
    user_id: string;
    skip_near_duplicates: boolean;
  }): Promise<boolean> {
    const { id: jobId, user_id: userId } = job;
    const items = await db.asUser(userId, async (tx) => {
      await importRepo.settleWithoutSaving(tx, userId, jobId, job.skip_near_duplicates);
      return importRepo.pending(tx, userId, jobId, chunkSize);
    });
    if (!items.length) {
      await db.asUser(userId, (tx) => importRepo.setStatus(tx, userId, jobId, 'running', 'done'));
      return false;
    }
    const drafts: BatchDraft[] = [];
    const positions: number[] = [];
    const unreadable: Settled = [];
    for (const item of items) {
      const parsed = ImportedTrace.safeParse(item.payload);
      if (!parsed.success) {
        // Staged by the preview, so only a payload from an older version can land here.
        unreadable.push({
          index: item.position,
          result: { outcome: 'failed', traceId: null, detail: 'is not a memory' },
        });
        continue;
      }
      const { created_at, ...input } = parsed.data;
      drafts.push({ input, createdAt: created_at ? new Date(created_at) : undefined });
      positions.push(item.position);
    }
    const record = (settled: Settled) =>
      settled.map(({ index, result }) => ({
        position: index,
        outcome: result.outcome,
        detail: result.detail,
        traceId: result.traceId,
      }));
    await traceBatch.createMany(ownerOf(userId, jobId), drafts, {
      source: 'import',
      origin: importOrigin(jobId),
      inTransaction: (tx, settled) =>
        importRepo.setOutcomes(tx, userId, jobId, [
          ...record(unreadable),
          ...record(settled.map(({ index, result }) => ({ index: positions[index]!, result }))),
        ]),
    });
    return true;
  }

  async function runAll(): Promise<void> {
    do {
      again = false;
      for (;;) {
        if (stopping) return;
        const jobs = await db.asSystem((tx) => importRepo.runningJobs(tx));
        if (!jobs.length) break;
        for (const job of jobs) {
          // A macrotask between chunks: a chunk's own awaits may all be microtasks (an in-process
          // database, a batch with nothing to categorise), and other requests must get their turn.
          await nextTurn();
          if (stopping) return;
          try {
            await runChunk(job);
          } catch (err) {
            // An unexpected failure (the database went away) leaves the job running: the next
            // start() or kick() resumes it at the same item.
            log.error({ err, jobId: job.id }, 'import chunk failed; will resume');
            return;
          }
        }
      }
    } while (again);
  }

  return {
    /** Resumes running jobs (at boot) and runs newly started ones. */
    kick(): void {
      if (stopping) return;
      if (loop) {
        again = true;
        return;
      }
      loop = runAll().finally(() => {
        loop = null;
      });
    },
    /**
     * One chunk of the oldest running job, outside the background loop; false when no job has
     * work. Tests use it to stop a job between chunks as a crash would.
     */
    async step(): Promise<boolean> {
      const [job] = await db.asSystem((tx) => importRepo.runningJobs(tx));
      return job ? runChunk(job) : false;
    },
    start(): void {
      stopping = false;
      this.kick();
    },
    /** Resolves when no job has work left (tests, CLI). */
    async drain(): Promise<void> {
      this.kick();
      while (loop) await loop;
    },
    async stop(): Promise<void> {
      stopping = true;
      await loop;
    },
  };
}

export type ImportRunner = ReturnType<typeof createImportRunner>;
