import type { Tx } from '../../db/db.js';

export type UserRow = { id: string; email: string; password_hash: string; created_at: Date };

/** Accounts. Lookups by e-mail happen before anyone is signed in, so they run as system. */
export const usersRepo = {
  async findByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
    const rows = await tx.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
    return rows[0];
  },
  async findById(tx: Tx, id: string): Promise<UserRow | undefined> {
    const rows = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
    return rows[0];
  },
  async insert(tx: Tx, email: string, passwordHash: string): Promise<UserRow> {
    const rows = await tx.query<UserRow>(
      'INSERT INTO users (email, password_hash) VALUES ($1, $2) RETURNING *',
      [email, passwordHash],
    );
    return rows[0]!;
  },
  /** Inserts only while the table is empty: the one-time owner set-up cannot run twice. */
  async insertFirst(tx: Tx, email: string, passwordHash: string): Promise<UserRow | undefined> {
    await tx.query('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE');
    const rows = await tx.query<UserRow>(
      `INSERT INTO users (email, password_hash)
       SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM users) RETURNING *`,
      [email, passwordHash],
    );
    return rows[0];
  },
  async updatePassword(tx: Tx, id: string, passwordHash: string): Promise<void> {
    await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      id,
      passwordHash,
    ]);
  },
  async delete(tx: Tx, id: string): Promise<boolean> {
    const rows = await tx.query('DELETE FROM users WHERE id = $1 RETURNING id', [id]);
    return rows.length === 1;
  },
  async list(tx: Tx): Promise<UserRow[]> {
    return tx.query<UserRow>('SELECT * FROM users ORDER BY created_at');
  },
  async count(tx: Tx): Promise<number> {
    const rows = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    return rows[0]?.n ?? 0;
  },
  async ensureSettings(tx: Tx, userId: string): Promise<void> {
    await tx.query('INSERT INTO user_settings (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [
      userId,
    ]);
  },
};
