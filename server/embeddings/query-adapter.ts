import shipped from './use-lite-query-adapter.json' with { type: 'json' };
import { l2Normalise, type Vector } from './embedder.js';

/**
 * The bundled model's query adapter (ADR 0008, "A query adapter for the bundled model"): one weight
 * per dimension, fitted by scripts/fit-query-adapter.ts on Cairn's own retrieval fixture
 * (tests/fixtures/retrieval) so that a question, re-weighted, lies nearer the notes that answer it.
 * USE-lite puts a question and the statement that answers it further apart than a model trained
 * for retrieval would; the stored notes' vectors are unchanged (a change of weights needs no
 * re-embedding), only a search query's vector is scaled and re-normalised.
 */
export type QueryAdapter = { model: string; scale: readonly number[] };

/** The shipped weights, checked: fitted for `modelId` and one finite number per dimension. */
export function loadQueryAdapter(modelId: string, dimension: number, data: unknown = shipped): QueryAdapter {
  const { model, scale } = (data ?? {}) as Partial<QueryAdapter>;
  if (
    model !== modelId ||
    !Array.isArray(scale) ||
    scale.length !== dimension ||
    !scale.every((x) => typeof x === 'number' && Number.isFinite(x))
  ) {
    throw new Error(
      'use-lite-query-adapter.json is malformed: run node --import tsx scripts/fit-query-adapter.ts',
    );
  }
  return { model, scale };
}

export function adaptQuery(vector: ArrayLike<number>, adapter: QueryAdapter): Vector {
  if (vector.length !== adapter.scale.length) {
    throw new Error(`The query adapter has ${adapter.scale.length} weights for a ${vector.length}-d vector`);
  }
  return l2Normalise(Array.from(vector, (x, i) => x * adapter.scale[i]!));
}
