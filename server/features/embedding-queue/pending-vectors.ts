import type { Vector } from '../../embeddings/embedder.js';

/** How many texts are remembered, and for how long: enough for a burst of creates. */
const MAX_ENTRIES = 500;
const TTL_MS = 120_000;

export type PendingVectors = ReturnType<typeof createPendingVectors>;

/**
 * Embeddings create started inline and did not get within its budget (embed-ahead.ts), by text:
 * the queue's job for that trace takes the vector from here when the model finishes instead of
 * embedding the same text a second time, behind it. Bounded by count and age: an entry nobody
 * takes (the text changed, the process writes elsewhere) is dropped, and the job embeds the text
 * as it always did. Vectors are per process and per model, like the queue's worker.
 */
export function createPendingVectors() {
  const entries = new Map<string, { vector: Promise<Vector | null>; at: number }>();

  const dropOld = (now: number) => {
    for (const [text, entry] of entries) {
      if (entries.size <= MAX_ENTRIES && now - entry.at < TTL_MS) break; // oldest first
      entries.delete(text);
    }
  };

  return {
    put(text: string, vector: Promise<Vector | null>): void {
      const now = Date.now();
      entries.delete(text); // re-inserted last: the map's order is the age order
      entries.set(text, { vector, at: now });
      dropOld(now);
    },

    /** The embedding of `text` if one is on its way or done (and forgets it), else undefined. */
    take(text: string): Promise<Vector | null> | undefined {
      const entry = entries.get(text);
      if (!entry) return undefined;
      entries.delete(text);
      return Date.now() - entry.at < TTL_MS ? entry.vector : undefined;
    },

    get size(): number {
      return entries.size;
    },
  };
}
