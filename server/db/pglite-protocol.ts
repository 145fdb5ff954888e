import type { PGliteOptions } from '@electric-sql/pglite';
import type { SqlParam } from './db.js';

/** A compiled pglite.wasm (WebAssembly.Module, which @types/node does not declare). */
export type CompiledPglite = NonNullable<PGliteOptions['pgliteWasmModule']>;

/**
 * Messages between the embedded database's thread (pglite.worker.ts) and the server's event loop
 * (pglite.ts). The worker is a plain executor: it runs what it is sent, in the order sent, one at
 * a time; transactions and their order are the main side's business.
 */
export type PgliteWorkerData = {
  /** A directory on disk, or undefined for an in-memory database (tests). */
  dataDir: string | undefined;
  /** A data-directory tarball to start from (the test template), shared rather than copied. */
  loadDataDir?: Uint8Array;
  /** pglite.wasm compiled once per process, so each database thread skips the compile. */
  wasmModule?: CompiledPglite;
  /** Server settings that need a restart to change (`-c name=value` at start), e.g. shared_buffers. */
  serverSettings: Readonly<Record<string, string>>;
  /** PostgreSQL settings for the session (server/db/session-settings.ts). */
  settings: Readonly<Record<string, string>>;
};

export type ToPglite =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: readonly SqlParam[];
      /** Statements to run first (the transaction's BEGIN, sent with its first statement). */
      begin?: string;
    }
  | { id: number; op: 'exec'; sql: string; begin?: string }
  /** The data directory as an uncompressed tarball (the test template, a backup). */
  | { id: number; op: 'dump' }
  /** Answered as soon as the thread reaches it: the thread is alive and not stuck. */
  | { id: number; op: 'ping' }
  | { id: number; op: 'close' };

/** A database error as it crossed the thread boundary: PostgreSQL's fields kept, so callers can
 * read `code` (23505, 40P01, …) exactly as they read it from PostgreSQL. */
export type WireError = {
  name: string;
  message: string;
  code?: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  severity?: string;
  where?: string;
  position?: string;
};

export type FromPglite =
  | { type: 'ready' }
  | { type: 'failed'; error: WireError }
  | { type: 'done'; id: number; rows?: unknown[]; dump?: Uint8Array; ms: number }
  | { type: 'error'; id: number; error: WireError; ms: number };

const FIELDS = [
  'code',
  'detail',
  'hint',
  'constraint',
  'table',
  'column',
  'schema',
  'severity',
  'where',
  'position',
] as const;

export function toWireError(err: unknown): WireError {
  const e = (err ?? {}) as Record<string, unknown>;
  const out: WireError = {
    name: typeof e.name === 'string' ? e.name : 'Error',
    message: err instanceof Error ? err.message : String(err),
  };
  for (const f of FIELDS) if (typeof e[f] === 'string') out[f] = e[f];
  return out;
}

/** The error again on this side of the boundary, with the same fields. */
export function fromWireError(wire: WireError): Error {
  const { name, message, ...fields } = wire;
  return Object.assign(new Error(message), { name }, fields);
}
