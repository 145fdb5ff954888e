import type { SimilarTrace } from '../../../contract/traces.js';
import type { Tx } from '../../db/db.js';
import { type FoundBy, similarMeaningRepo } from './similar-meaning.repo.js';
import { findSimilarTraces, SIMILAR } from './similar.repo.js';
import { buildSnippet } from './snippet.js';

/**
 * Near-duplicates by meaning (ADR 0018): a cosine of at least 0.78 between two notes' vectors
 * (bundled model). Set on tests/fixtures/paraphrases.json — pairs that are and are not the same
 * memory — where it keeps every "different memory" pair out (the closest, another person's car,
 * is at 0.778) and finds 14 of the 16 paraphrases; near-duplicates.quality.test.ts guards it.
 * Other models spread cosines differently; only the bundled one was measured.
 */
export const MEANING = { minCosine: 0.78, max: SIMILAR.max } as const;

/**
 * Possibly outdated (ADR 0034): an existing trace on the same subject as a new one, which the new
 * one may replace ("I moved to Berlin" after "I live in Paris"). Lower than MEANING: an update
 * says something different, so it is less alike than a paraphrase. Set on
 * tests/fixtures/supersede/updates.json with the bundled model: at 0.64, 19 of 25 updates are
 * named and 2 of 25 pairs that both hold (the same person's other car, another device); 0.60 names
 * 20 updates and 5 such pairs. Guarded by supersede.quality.test.ts.
 */
export const OUTDATED = { minCosine: 0.64, max: 5 } as const;

type Draft = { title: string | null; content: string };

/** What the embedder is given for a trace: the same text the embedding queue embeds. */
export function embeddingText(draft: Draft): string {
  return draft.title ? `${draft.title}\n\n${draft.content}` : draft.content;
}

const rounded = (n: number) => Math.round(n * 1000) / 1000;

function merge(lists: readonly SimilarTrace[][], max: number): SimilarTrace[] {
  const best = new Map<string, SimilarTrace>();
  for (const s of lists.flat()) {
    const had = best.get(s.id);
    if (!had || s.similarity > had.similarity) best.set(s.id, s);
  }
  return [...best.values()]
    .sort((a, b) => b.similarity - a.similarity || (a.id < b.id ? -1 : 1))
    .slice(0, max);
}

/**
 * Search's answer to "is this new trace already known?" for the traces service, by words
 * (trigram similarity, always) and by meaning (when the trace's vector is known), and the
 * near-duplicates kept on each trace for its detail page.
 */
export function createNearDuplicates(deps: { model: string }) {
  async function byMeaning(
    tx: Tx,
    userId: string,
    vector: readonly number[],
    except?: string,
    limits: { minCosine: number; max: number; currentOnly?: boolean } = MEANING,
  ): Promise<SimilarTrace[]> {
    const found = await similarMeaningRepo.nearest(tx, userId, deps.model, vector, { ...limits, except });
    return found.map((r) => ({
      id: r.id,
      title: r.title,
      snippet: buildSnippet(r.content, '', SIMILAR.snippetMax),
      similarity: rounded(r.similarity),
      found_by: 'meaning' as const,
    }));
  }

  /** By meaning when the vector is known, merged with what words found. */
  async function withMeaning(
    tx: Tx,
    userId: string,
    byWords: readonly SimilarTrace[],
    vector: readonly number[] | null,
  ): Promise<SimilarTrace[]> {
    return merge([[...byWords], vector ? await byMeaning(tx, userId, vector) : []], SIMILAR.max);
  }

  return {
    /** Before the insert (nothing to leave out yet): by words, while the model embeds the draft. */
    findByWords: (tx: Tx, _userId: string, draft: Draft): Promise<SimilarTrace[]> =>
      findSimilarTraces(tx, draft),

    /** In the create's writing transaction, before the insert. */
    withMeaning,

    /** Both at once, for callers with no model budget to overlap (an import's preview). */
    async find(
      tx: Tx,
      userId: string,
      draft: Draft,
      vector: readonly number[] | null,
    ): Promise<SimilarTrace[]> {
      return withMeaning(tx, userId, await findSimilarTraces(tx, draft), vector);
    },

    /**
     * The active traces a new one (`traceId`, already inserted) may make outdated, by meaning:
     * none when create had no vector in time.
     */
    async possiblyOutdated(
      tx: Tx,
      userId: string,
      traceId: string,
      vector: readonly number[] | null,
    ): Promise<SimilarTrace[]> {
      // Those already superseded are outdated already.
      return vector ? byMeaning(tx, userId, vector, traceId, { ...OUTDATED, currentOnly: true }) : [];
    },

    /** Keeps what create found on the new trace (meaning only if create had the vector). */
    async record(tx: Tx, userId: string, traceId: string, similar: readonly SimilarTrace[]): Promise<void> {
      for (const by of ['words', 'meaning'] as FoundBy[]) {
        const found = similar.filter((s) => s.found_by === by);
        if (found.length) await similarMeaningRepo.replace(tx, userId, traceId, by, found);
      }
    },

    /** The embedding worker stored these vectors: their near-duplicates by meaning, kept. */
    async afterEmbedded(
      tx: Tx,
      stored: readonly { traceId: string; userId: string; vector: readonly number[] }[],
    ): Promise<void> {
      for (const s of stored) {
        const found = await byMeaning(tx, s.userId, s.vector, s.traceId);
        await similarMeaningRepo.replace(tx, s.userId, s.traceId, 'meaning', found);
      }
    },

    /** GET /api/traces/{id}/similar: what was found for the trace, or found it, active only. */
    /** null: no such active trace of this user. */
    async of(tx: Tx, userId: string, traceId: string): Promise<SimilarTrace[] | null> {
      const rows = await similarMeaningRepo.of(tx, userId, traceId, SIMILAR.max);
      if (!rows) return null;
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        snippet: buildSnippet(r.content, '', SIMILAR.snippetMax),
        similarity: rounded(r.similarity),
        found_by: r.found_by,
      }));
    },
  };
}

export type NearDuplicates = ReturnType<typeof createNearDuplicates>;
