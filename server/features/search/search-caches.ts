import { createLru } from '../../lib/lru.js';

/**
 * Query vectors by embedding model and query text. Assistants ask the same questions again (a
 * session re-runs its searches, several tools ask alike), and embedding a query is the largest
 * part of a search's time (ADR 0025). A model changes only with a restart, but the key names it
 * anyway. 512 entries of 512 numbers: about 2 MB.
 */
export function createQueryVectorCache(max = 512) {
  const lru = createLru<string, readonly number[]>(max);
  const key = (model: string, text: string) => `${model}\u0000${text}`;
  return {
    get: (model: string, text: string) => lru.get(key(model, text)),
    set: (model: string, text: string, vector: readonly number[]) => lru.set(key(model, text), vector),
  };
}

/** A lexeme the user's notes do not hold: remembered too, so it is not asked for again. */
const ABSENT = -1;

/**
 * Each user's document frequencies of the words the feedback draws on, valid for one version of
 * their full-text statistics (fulltext_corpus.version, bumped by every write that changes them, so
 * an entry is never read stale, on one instance or several). Bounded: 32 users, 20,000 lexemes
 * each, about 1.5 MB per full user.
 */
export function createDocumentFrequencyCache(opts: { users?: number; lexemesPerUser?: number } = {}) {
  const perUser = opts.lexemesPerUser ?? 20_000;
  const users = createLru<string, { version: number; df: Map<string, number> }>(opts.users ?? 32);
  return {
    /** What is known of `lexemes` at `version` (absent words left out, as the repository does) and what is not. */
    lookup(userId: string, version: number, lexemes: readonly string[]) {
      const entry = users.get(userId);
      const known = new Map<string, number>();
      const missing: string[] = [];
      for (const lexeme of lexemes) {
        const df = entry?.version === version ? entry.df.get(lexeme) : undefined;
        if (df === undefined) missing.push(lexeme);
        else if (df !== ABSENT) known.set(lexeme, df);
      }
      return { known, missing };
    },
    /** Remembers the answer for `asked` at `version` (a word not in `found` is held by no note). */
    store(userId: string, version: number, asked: readonly string[], found: ReadonlyMap<string, number>) {
      let entry = users.get(userId);
      if (!entry || entry.version !== version) entry = { version, df: new Map() };
      if (entry.df.size + asked.length > perUser) entry.df.clear();
      for (const lexeme of asked) entry.df.set(lexeme, found.get(lexeme) ?? ABSENT);
      users.set(userId, entry);
    },
  };
}
