import type { Tx } from '../../db/db.js';

/** How long a successful sign-in makes its address known to the account. */
export const KNOWN_ADDRESS_DAYS = 90;

/**
 * Addresses an account signed in from with the right password (0037). Read before the password
 * is checked, by e-mail, so it answers the same way for an account that does not exist.
 */
export const knownAddressesRepo = {
  async isKnown(tx: Tx, email: string, address: string): Promise<boolean> {
    const rows = await tx.query(
      `SELECT 1 FROM known_sign_in_addresses k JOIN users u ON u.id = k.user_id
        WHERE lower(u.email) = $1 AND k.address = $2
          AND k.last_success_at > now() - make_interval(days => $3)`,
      [email, address, KNOWN_ADDRESS_DAYS],
    );
    return rows.length > 0;
  },

  async remember(tx: Tx, userId: string, address: string): Promise<void> {
    await tx.query(
      `INSERT INTO known_sign_in_addresses (user_id, address) VALUES ($1, $2)
       ON CONFLICT (user_id, address) DO UPDATE SET last_success_at = now()`,
      [userId, address],
    );
  },

  /** Retention, run by the maintenance schedule with the sessions. */
  async deleteExpired(tx: Tx, now: Date): Promise<number> {
    const rows = await tx.query(
      `DELETE FROM known_sign_in_addresses
        WHERE last_success_at < $1::timestamptz - make_interval(days => $2) RETURNING user_id`,
      [now, KNOWN_ADDRESS_DAYS],
    );
    return rows.length;
  },
};
