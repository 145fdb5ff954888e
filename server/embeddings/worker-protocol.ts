/** Messages between the worker pool (main thread) and an embedding worker. */
export type ToWorker = { type: 'embed'; id: number; texts: string[] };

export type FromWorker =
  | { type: 'ready'; dimension: number }
  | {
      type: 'result';
      id: number;
      dimension: number;
      /** texts.length × dimension floats, row-major; transferred, not copied. */
      vectors: Float32Array;
      /** Texts the model could not embed (their rows are zeros), with the model's reason. */
      failures: { index: number; message: string }[];
    };

/** Universal Sentence Encoder lite: 512-dimensional sentence vectors. */
export const USE_LITE_DIMENSION = 512;
