import type { Db, DbKind } from '../../db/db.js';

const PING_TIMEOUT_MS = 3_000;

export type Health = { ok: true; database: DbKind } | { ok: false; database: DbKind; error: unknown };

/** Is the database answering? A database that hangs is as down as one that refuses. */
export function createHealthService(deps: { db: Db; pingTimeoutMs?: number }) {
  const { db } = deps;
  const timeoutMs = deps.pingTimeoutMs ?? PING_TIMEOUT_MS;
  return {
    async check(): Promise<Health> {
      try {
        await withTimeout(db.ping(), timeoutMs);
        return { ok: true, database: db.kind };
      } catch (error) {
        return { ok: false, database: db.kind, error };
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
