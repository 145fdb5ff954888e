/**
 * The data layer's port. Repositories only ever see a `Tx`; services open one with `asUser` (the
 * normal path, row-level security enforced) or `asSystem` (pre-authentication lookups and
 * background workers, which act for no single user).
 */
export type SqlParam = string | number | boolean | null | Date | readonly string[] | undefined;

export interface Tx {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<Row[]>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export type DbKind = 'pglite' | 'postgres';

export interface Db {
  readonly kind: DbKind;
  /**
   * One transaction as the `cairn_app` role (no BYPASSRLS) with `app.user_id` set, so a query
   * that forgets its `user_id` filter still sees only this user's rows.
   */
  asUser<T>(userId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** One transaction as the owning role: for work that is not done on behalf of one user. */
  asSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Statements that cannot run inside a transaction (VACUUM), as the owning role. Only the
   * embedded-database maintenance task uses it.
   */
  runOutsideTransaction(sql: string): Promise<void>;
  /** Cheap reachability check for /api/health. */
  ping(): Promise<void>;
  /**
   * The embedded database's data directory as an uncompressed tarball, taken between
   * transactions (the test template). PGlite only.
   */
  dump?(): Promise<Uint8Array>;
  /** What the database layer is doing now, for metrics and the overload gate. */
  stats?(): DbStats;
  close(): Promise<void>;
}

export type DbStats = {
  /** Transactions (or statements outside one) waiting for their turn (PGlite) or a connection. */
  waiting: number;
  /** Statements sent and not yet answered. */
  inFlight: number;
  /** Milliseconds the database spent running statements since it opened (PGlite's thread). */
  busyMs: number;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The statements that open a user-scoped transaction. The user id is inlined (it is checked to
 * be a UUID first) so both drivers can send it in the same round trip as BEGIN.
 */
export function userScopeSql(userId: string): string {
  if (!isUuid(userId)) throw new Error('asUser needs a UUID user id');
  return `SET LOCAL ROLE cairn_app; SET LOCAL app.user_id = '${userId.toLowerCase()}'`;
}
