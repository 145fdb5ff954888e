// A realistic, reproducible corpus of traces for one user, bulk-inserted with SQL (bench only).
// Text is English-like: a few hundred real words for the head of a Zipf distribution and
// thousands of syllable-built words for the long tail, so trigram statistics resemble real notes.
import { CATEGORIES, IMPORTANCES } from '../contract/traces.js';
import type { Tx } from '../server/db/db.js';
import { contentHash } from '../server/features/traces/content-hash.js';

const COMMON = `the of and to a in is it you that he was for on are with as i his they be at one have
this from or had by not word but what some we can out other were all there when up use your how
said an each she which do their time if will way about many then them write would like so these her
long make thing see him two has look more day could go come did number sound no most people my over
know water than call first who may down side been now find any new work part take get place made
live where after back little only round man year came show every good me give our under name very
through just form sentence great think say help low line differ turn cause much mean before move
right boy old too same tell does set three want air well also play small end put home read hand port
large spell add even land here must big high such follow act why ask men change went light kind off
need house picture try us again animal point mother world near build self earth father head stand own
page should country found answer school grow study still learn plant cover food sun four between
state keep eye never last let thought city tree cross farm hard start might story saw far sea draw
left late run while press close night real life few north open seem together next white children
begin got walk example ease paper group always music those both mark often letter until mile river
car feet care second book carry took science eat room friend began idea fish mountain stop once base
hear horse cut sure watch color face wood main enough plain girl usual young ready above ever red
list though feel talk bird soon body dog family direct pose leave song measure door product black
short numeral class wind question happen complete ship area half rock order fire south problem piece
told knew pass since top whole king space heard best hour better true during hundred five remember
step early hold west ground interest reach fast verb sing listen six table travel less morning ten
simple several vowel toward war lay against pattern slow center love person money serve appear road
map rain rule govern pull cold notice voice unit power town fine certain fly fall lead cry dark
machine note wait plan figure star box noun field rest correct able pound done beauty drive stood
contain front teach week final gave green quick develop ocean warm free minute strong special mind
behind clear tail produce fact street inch multiply nothing course stay wheel full force blue object
decide surface deep moon island foot system busy test record boat common gold possible plane stead
dry wonder laugh thousand ago ran check game shape equate hot miss brought heat snow tire bring yes
distant fill east paint language among meeting project deadline dentist coffee prefer python
typescript postgres invoice birthday allergy recipe flight hotel password doctor budget sprint
review release client contract garden vacation anniversary insurance mortgage gym marathon`
  .split(/\s+/)
  .filter(Boolean);

const ONSETS = ['b', 'c', 'd', 'f', 'g', 'h', 'j', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'z'];
const CLUSTERS = ['br', 'ch', 'cl', 'dr', 'fl', 'gr', 'pl', 'pr', 'sh', 'sl', 'st', 'th', 'tr', 'qu'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'io', 'ou', 'y'];
const CODAS = ['', '', '', 'n', 'r', 's', 't', 'l', 'm', 'nd', 'st', 'ng', 'ck', 'x'];
const TAGS = `work personal health family finance travel cooking reading ideas meetings project-alpha
project-beta todo shopping fitness music movies books learning coding python typescript database
home car garden kids school urgent later reference contacts passwords recipes gifts events birthday
holidays insurance taxes bank doctor dentist pets hobbies writing design research ai llm notes
journal goals habits sleep meditation coffee tea running cycling hiking photography`
  .split(/\s+/)
  .filter(Boolean);

/** Deterministic PRNG (mulberry32): the same seed gives the same corpus on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function zipfSampler(size: number, rand: () => number, exponent = 1.05): () => number {
  const cumulative = new Float64Array(size);
  let sum = 0;
  for (let r = 0; r < size; r++) cumulative[r] = sum += 1 / Math.pow(r + 1, exponent);
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export type Corpus = {
  /** Vocabulary in frequency rank order (index 0 = most frequent). */
  vocabulary: string[];
  /**
   * Rows `from` to `to` (exclusive) of a history of `total` rows spread over the last two years,
   * oldest first. Calls must follow each other (from = the previous to) to stay deterministic.
   */
  rows(from: number, to: number, total?: number): Generator<CorpusRow>;
};
export type CorpusRow = {
  title: string | null;
  content: string;
  category: string;
  importance: string;
  tags: string[];
  accessCount: number;
  createdAt: Date;
};

export function makeCorpus(seed = 42, tailWords = 8000): Corpus {
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const seen = new Set(COMMON);
  const tail: string[] = [];
  while (tail.length < tailWords) {
    let w = '';
    const syllables = 2 + Math.floor(rand() * 3);
    for (let s = 0; s < syllables; s++)
      w +=
        (rand() < 0.25 ? pick(CLUSTERS) : pick(ONSETS)) +
        pick(VOWELS) +
        (s === syllables - 1 ? pick(CODAS) : '');
    if (!seen.has(w)) {
      seen.add(w);
      tail.push(w);
    }
  }
  // Real words keep the head of the distribution; the syllable words spread through the tail.
  const vocabulary = [...COMMON.slice(0, 120), ...interleave(COMMON.slice(120), tail)];
  const word = zipfSampler(vocabulary.length, rand);
  const tag = zipfSampler(TAGS.length, rand, 0.9);
  const sentence = () => {
    const n = 5 + Math.floor(rand() * 14);
    const words = Array.from({ length: n }, () => vocabulary[word()]!);
    return words.join(' ').replace(/^./, (c) => c.toUpperCase()) + (rand() < 0.1 ? '?' : '.');
  };

  return {
    vocabulary,
    *rows(from: number, to: number, total = to) {
      const now = Date.now();
      const span = 2 * 365 * 24 * 3600 * 1000;
      for (let i = from; i < to; i++) {
        const sentences = rand() < 0.05 ? 20 + Math.floor(rand() * 40) : 1 + Math.floor(rand() * 6);
        const tagCount = Math.floor(rand() * 5);
        const tags = [...new Set(Array.from({ length: tagCount }, () => TAGS[tag()]!))];
        yield {
          title:
            rand() < 0.7
              ? sentence()
                  .replace(/[.?]$/, '')
                  .split(' ')
                  .slice(0, 2 + Math.floor(rand() * 5))
                  .join(' ')
              : null,
          content: Array.from({ length: sentences }, sentence).join(rand() < 0.2 ? '\n\n' : ' '),
          category: pick(CATEGORIES),
          importance: pick(IMPORTANCES),
          tags,
          accessCount: rand() < 0.6 ? 0 : Math.floor(rand() * 20),
          // Oldest first, as a real history is written.
          createdAt: new Date(now - span + (span * i) / total),
        };
      }
    },
  };
}

function interleave(a: string[], b: string[]): string[] {
  const out: string[] = [];
  const ratio = b.length / Math.max(1, a.length);
  let j = 0;
  for (const w of a) {
    out.push(w);
    for (let k = 0; k < ratio && j < b.length; k++) out.push(b[j++]!);
  }
  return out.concat(b.slice(j));
}

/** Inserts rows for `userId` in batches of unnest()-ed arrays (one statement per batch). */
export async function insertCorpus(
  tx: Tx,
  userId: string,
  rows: Iterable<CorpusRow>,
  batchSize = 2000,
): Promise<void> {
  let batch: CorpusRow[] = [];
  const flush = async () => {
    if (!batch.length) return;
    await tx.query(
      `INSERT INTO traces (user_id, title, content, category, importance, tags, access_count,
                           source, content_hash, created_at, updated_at)
       SELECT $1, t, c, cat, imp, string_to_array(tg, ','), ac, 'import', h, ca, ca
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[],
                     $8::text[], $9::timestamptz[]) AS u(t, c, cat, imp, tg, ac, h, ca)
       ON CONFLICT (user_id, content_hash) WHERE is_active DO NOTHING`,
      [
        userId,
        batch.map((r) => r.title) as unknown as string[],
        batch.map((r) => r.content),
        batch.map((r) => r.category),
        batch.map((r) => r.importance),
        batch.map((r) => r.tags.join(',')),
        batch.map((r) => String(r.accessCount)),
        batch.map((r) => contentHash(r.content)),
        batch.map((r) => r.createdAt.toISOString()),
      ],
    );
    batch = [];
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
}
