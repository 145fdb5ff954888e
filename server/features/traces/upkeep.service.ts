import { setImmediate as nextTurn } from 'node:timers/promises';
import type { TracesServiceDeps } from './service-deps.js';
import { titleFrom } from './title.js';
import { tracesRepo } from './traces.repo.js';

/**
 * Deleted traces are kept this long, so a mistake can still be undone (POST
 * /api/traces/:id/restore), then erased for good: deletion in Cairn is real, not a flag forever.
 */
export const DELETED_TRACE_RETENTION_DAYS = 30;

/** Work for no one user, run by the maintenance schedule and at start-up (so asSystem). */
export function createTraceUpkeep(deps: Pick<TracesServiceDeps, 'db' | 'onContentChangedMany'>) {
  const { db } = deps;
  return {
    /**
     * Titles the traces earlier versions stored without one (ADR 0028), a slice per transaction,
     * every user's (so asSystem), their embeddings queued again in the bulk lane (the embedded text
     * is title and content). Resumable by nature: each run takes whatever is still untitled.
     * Returns how many were titled.
     */
    async backfillTitles(opts: { slice?: number; signal?: AbortSignal } = {}): Promise<number> {
      let titled = 0;
      while (!opts.signal?.aborted) {
        const done = await db.asSystem(async (tx) => {
          const rows = await tracesRepo.untitled(tx, opts.slice ?? 200);
          await tracesRepo.setGeneratedTitles(
            tx,
            rows.map((r) => ({ id: r.id, userId: r.user_id, title: titleFrom(r.content) })),
          );
          await deps.onContentChangedMany?.(
            tx,
            rows.map((r) => r.id),
          );
          return rows.length;
        });
        titled += done;
        if (!done) break;
        await nextTurn(); // other requests between slices
      }
      return titled;
    },

    /**
     * Retention, run by the maintenance schedule: erases traces deleted over
     * DELETED_TRACE_RETENTION_DAYS before `now`, for every user (so asSystem).
     */
    async deleteExpired(now: Date): Promise<number> {
      const before = new Date(now.getTime() - DELETED_TRACE_RETENTION_DAYS * 24 * 3600 * 1000);
      return db.asSystem((tx) => tracesRepo.purgeDeleted(tx, before));
    },
  };
}
