import type { Tx } from '../../db/db.js';

/**
 * The first lock of every transaction that writes a user's traces: one per user, held to the end
 * of the transaction (pg_advisory_xact_lock; taken again within it, it is already held).
 *
 * Why (issue 26): a write reaches the user's rows in several tables through triggers, each in its
 * own order — a create updates the counters row, then the words' statistics; an edit or a delete
 * locks the trace, then the statistics, then the counters; a search counts its results, then the
 * counters; a bulk edit goes row by row, each row's words in turn. On PostgreSQL two of these for
 * one account deadlocked (40P01, answered 500), found by the concurrency fuzz. Ordering each pair
 * by hand had fixed the cases seen and missed the next; one lock taken first makes one order for
 * all of them, at the price of one account's writes taking turns (milliseconds each; reads never
 * wait for it). On PGlite transactions already take turns, and it costs one round trip.
 *
 * Two users whose ids hash alike share a lock, which only makes them take turns too.
 */
const LOCK_CLASS = 0x6361; // "ca": the advisory-lock namespace of Cairn's per-user trace writes

export async function lockTracesOf(tx: Tx, userId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2::text))', [LOCK_CLASS, userId]);
}

/** Several users' locks (a background task across accounts), in one order so two such never cross. */
export async function lockTracesOfMany(tx: Tx, userIds: readonly string[]): Promise<void> {
  for (const userId of [...new Set(userIds)].sort()) await lockTracesOf(tx, userId);
}
