import type { Embedder, InputType, Vector } from './embedder.js';

export type EmbeddedAhead = {
  /** The vector if the model gives it within the budget, else null. */
  within: Promise<Vector | null>;
  /** The same embedding, however long it takes (null if it fails): it is never thrown away. */
  whole: Promise<Vector | null>;
};

/**
 * One text embedded at high priority with a budget. For work that has a better way to wait than
 * a person: create embeds inline within a small budget and, past it, answers without the vector;
 * the embedding is not aborted but handed to the embedding queue (pending-vectors.ts), so the
 * trace becomes searchable when the model finishes instead of after a second embedding of the
 * same text. Failures are null: the queue retries.
 */
export function embedAhead(
  embedder: Embedder,
  text: string,
  ms: number,
  inputType: InputType = 'document',
): EmbeddedAhead {
  // Past the budget nobody waits for it: it goes behind searches' queries, as background work.
  const demote = new AbortController();
  const whole = embedder.embed([text], { priority: 'high', inputType, demote: demote.signal }).then(
    ([v]) => v ?? null,
    () => null,
  );
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      demote.abort();
      resolve(null);
    }, ms);
  });
  const within = Promise.race([whole, deadline]).finally(() => clearTimeout(timer));
  return { within, whole };
}
