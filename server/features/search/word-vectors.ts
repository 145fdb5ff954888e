import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Words that mean alike (ADR 0008, "Words that mean alike"): GloVe word vectors folded onto
 * PostgreSQL's English stems, so the relevance model can see that "automobile" is close to the
 * "car" of a note, or "seafood" to "shellfish", where neither the full-text arm (no shared word)
 * nor the sentence model alone is sure. Built by scripts/build-word-vectors.ts (a build product,
 * not in git); a stem's vector is 100 signed bytes, unit length before quantising.
 */
export const WORD_VECTOR_DIMENSIONS = 100;
export const WORD_VECTORS_FORMAT = 'cairn-word-vectors/1';
export const WORD_VECTORS_FILE = fileURLToPath(new URL('./word-vectors.bin', import.meta.url));

const MAGIC = 'CWV1';
/** Quantisation: components of a unit 100-d vector rarely pass ±0.4; ×317 uses the byte's range. */
const SCALE = 127 * 2.5;

type Header = { format: string; source: string; dimensions: number; stems: string[]; ranks: number[] };

export function encodeWordVectors(input: {
  source: string;
  entries: { stem: string; rank: number; vector: ArrayLike<number> }[];
}): Buffer {
  const header: Header = {
    format: WORD_VECTORS_FORMAT,
    source: input.source,
    dimensions: WORD_VECTOR_DIMENSIONS,
    stems: input.entries.map((e) => e.stem),
    ranks: input.entries.map((e) => e.rank),
  };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const matrix = new Int8Array(input.entries.length * WORD_VECTOR_DIMENSIONS);
  input.entries.forEach((e, i) => {
    let norm = 0;
    for (let d = 0; d < WORD_VECTOR_DIMENSIONS; d++) norm += e.vector[d]! ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < WORD_VECTOR_DIMENSIONS; d++)
      matrix[i * WORD_VECTOR_DIMENSIONS + d] = Math.max(
        -127,
        Math.min(127, Math.round((e.vector[d]! / norm) * SCALE)),
      );
  });
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  return Buffer.concat([Buffer.from(MAGIC), length, json, Buffer.from(matrix.buffer)]);
}

/** The header of a word-vectors file, or null when it is not one. */
export function readWordVectorsHeader(bytes: Buffer): Header | null {
  if (bytes.length < 8 || bytes.subarray(0, 4).toString() !== MAGIC) return null;
  try {
    return JSON.parse(bytes.subarray(8, 8 + bytes.readUInt32LE(4)).toString('utf8')) as Header;
  } catch {
    return null;
  }
}

export type WordVectors = {
  /** The stem's row, or -1 when the vocabulary lacks it. */
  index(stem: string): number;
  /** Cosine of two rows. */
  cosine(a: number, b: number): number;
  /**
   * How much a stem says (smooth inverse frequency): a frequent word ("time", "make") little, a
   * rare one ("penicillin") nearly all; a stem the vocabulary lacks is rarer still: 1.
   */
  weight(stem: string): number;
  /** Adds the row, times `by`, to `into`. */
  addTo(into: Float64Array, row: number, by: number): void;
};

export function decodeWordVectors(bytes: Buffer): WordVectors {
  const header = readWordVectorsHeader(bytes);
  if (!header || header.format !== WORD_VECTORS_FORMAT || header.dimensions !== WORD_VECTOR_DIMENSIONS)
    throw new Error('word-vectors.bin is not a word-vectors file of this version');
  const start = 8 + bytes.readUInt32LE(4);
  const count = header.stems.length;
  const matrix = new Int8Array(bytes.buffer, bytes.byteOffset + start, count * WORD_VECTOR_DIMENSIONS);
  const rows = new Map(header.stems.map((s, i) => [s, i]));
  const norms = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    let n = 0;
    for (let d = 0; d < WORD_VECTOR_DIMENSIONS; d++) n += matrix[i * WORD_VECTOR_DIMENSIONS + d]! ** 2;
    norms[i] = Math.sqrt(n) || 1;
  }
  return {
    index: (stem) => rows.get(stem) ?? -1,
    cosine(a, b) {
      let s = 0;
      const x = a * WORD_VECTOR_DIMENSIONS;
      const y = b * WORD_VECTOR_DIMENSIONS;
      for (let d = 0; d < WORD_VECTOR_DIMENSIONS; d++) s += matrix[x + d]! * matrix[y + d]!;
      return s / (norms[a]! * norms[b]!);
    },
    weight(stem) {
      const row = rows.get(stem);
      if (row === undefined) return 1;
      const rank = header.ranks[row]!;
      return (rank + 10) / (rank + 1010);
    },
    addTo(into, row, by) {
      const x = row * WORD_VECTOR_DIMENSIONS;
      const k = by / norms[row]!;
      for (let d = 0; d < WORD_VECTOR_DIMENSIONS; d++) into[d]! += k * matrix[x + d]!;
    },
  };
}

/** The built vectors, or null when they were not built (the signals are then unknown: see relevance.ts). */
export function loadWordVectors(file = WORD_VECTORS_FILE): WordVectors | null {
  try {
    return decodeWordVectors(readFileSync(file));
  } catch {
    return null;
  }
}

/**
 * The word signals of one query against its candidates. `soft`: how much of the query's meaning a
 * note's words carry — each query stem's best cosine with a stem of the note (1 for the stem
 * itself, 0 for a stem the vocabulary lacks and the note does not hold; never below 0), averaged
 * with the stems' weights (0 for a query without stems). `sif`: the cosine of the two texts'
 * weighted mean word vectors (0 when either has no stem with a vector). Cosines of a note stem
 * with the query's stems are remembered across candidates: notes share words.
 */
export function wordMatcher(vectors: WordVectors, queryStems: readonly string[]) {
  const query = queryStems.map((stem) => ({ stem, row: vectors.index(stem), weight: vectors.weight(stem) }));
  const totalWeight = query.reduce((s, q) => s + q.weight, 0);
  const querySif = sifVector(vectors, queryStems);
  const alike = new Map<string, Float64Array>();
  const cosinesOf = (stem: string): Float64Array => {
    let c = alike.get(stem);
    if (!c) {
      const row = vectors.index(stem);
      c = new Float64Array(query.length);
      query.forEach(
        (q, i) => (c![i] = q.stem === stem ? 1 : row < 0 || q.row < 0 ? 0 : vectors.cosine(q.row, row)),
      );
      alike.set(stem, c);
    }
    return c;
  };
  return {
    soft(noteStems: readonly string[]): number {
      if (totalWeight <= 0) return 0;
      const best = new Float64Array(query.length);
      for (const stem of new Set(noteStems)) {
        const c = cosinesOf(stem);
        for (let i = 0; i < best.length; i++) if (c[i]! > best[i]!) best[i] = c[i]!;
      }
      return query.reduce((s, q, i) => s + q.weight * best[i]!, 0) / totalWeight;
    },
    sif(noteStems: readonly string[]): number {
      if (!querySif) return 0;
      const note = sifVector(vectors, noteStems);
      if (!note) return 0;
      let s = 0;
      for (let d = 0; d < WORD_VECTOR_DIMENSIONS; d++) s += querySif[d]! * note[d]!;
      return s;
    },
  };
}

/** A text's weighted mean word vector, unit length (null: no stem has a vector). */
function sifVector(vectors: WordVectors, stems: readonly string[]): Float64Array | null {
  const sum = new Float64Array(WORD_VECTOR_DIMENSIONS);
  let any = false;
  for (const stem of new Set(stems)) {
    const row = vectors.index(stem);
    if (row < 0) continue;
    vectors.addTo(sum, row, vectors.weight(stem));
    any = true;
  }
  if (!any) return null;
  const norm = Math.hypot(...sum) || 1;
  for (let d = 0; d < WORD_VECTOR_DIMENSIONS; d++) sum[d]! /= norm;
  return sum;
}
