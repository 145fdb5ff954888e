import type { Embedder, InputType } from './embedder.js';

/**
 * One text's vector if the model gives it within `ms`, else null (the call is aborted). For work
 * that has a better way to wait than a person: create embeds inline within a small budget and
 * otherwise leaves the text to the embedding queue. Failures are null too: the queue retries.
 */
export async function embedWithin(
  embedder: Embedder,
  text: string,
  ms: number,
  inputType: InputType = 'document',
): Promise<readonly number[] | null> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`The embedding model did not answer within ${ms} ms`));
      resolve(null);
    }, ms);
  });
  try {
    const embedded = embedder
      .embed([text], { priority: 'high', signal: controller.signal, inputType })
      .then(([v]) => v ?? null)
      .catch(() => null);
    return await Promise.race([embedded, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
