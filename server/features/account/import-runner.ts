import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { ImportedTrace } from '../../../contract/account.js';
import type { Db } from '../../db/db.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import type { TracesService } from '../traces/traces.service.js';
import { importRepo } from './import.repo.js';

/** Items per turn of one job before the next job (another person's) gets its turn. */
export const IMPORT_CHUNK = 25;

/**
 * Runs started import jobs in the background, a chunk of items per job in turn, yielding to the
 * event loop after every item so searches and saves of other people are served between them. The
 * items' outcomes in the database are the only state: after a crash, start() picks up every
 * running job at its first item without an outcome. An item whose trace was saved but whose
 * outcome was not is found again by the content-hash dedup and reported as a duplicate. A cancel
 * takes effect at the next chunk (at most IMPORT_CHUNK more items).
 */
export function createImportRunner(deps: { db: Db; traces: TracesService; log: FastifyBaseLogger }) {
  const { db, traces, log } = deps;
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

  async function runChunk(job: {
    id: string;
    user_id: string;
    skip_near_duplicates: boolean;
  }): Promise<boolean> {
    const { id: jobId, user_id: userId } = job;
    const items = await db.asUser(userId, async (tx) => {
      await importRepo.settleWithoutSaving(tx, userId, jobId, job.skip_near_duplicates);
      return importRepo.pending(tx, userId, jobId, IMPORT_CHUNK);
    });
    if (!items.length) {
      await db.asUser(userId, (tx) => importRepo.setStatus(tx, userId, jobId, 'running', 'done'));
      return false;
    }
    const principal = ownerOf(userId, jobId);
    for (const item of items) {
      if (stopping) return true;
      const parsed = ImportedTrace.safeParse(item.payload);
      let outcome: 'imported' | 'duplicate' | 'failed' = 'failed';
      let detail: string | null = parsed.success ? null : 'is not a memory';
      let traceId: string | null = null;
      if (parsed.success) {
        const { created_at, ...fields } = parsed.data;
        try {
          const saved = await traces.create(principal, fields, {
            source: 'import',
            ...(created_at ? { createdAt: new Date(created_at) } : {}),
          });
          outcome = saved.created ? 'imported' : 'duplicate';
          traceId = saved.trace.id;
          if (!saved.created) detail = `same content as trace ${saved.trace.id}`;
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500) throw err;
          detail = err.message;
        }
      }
      await db.asUser(userId, (tx) =>
        importRepo.setOutcome(tx, userId, jobId, item.position, outcome, detail, traceId),
      );
      await nextTurn();
    }
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
