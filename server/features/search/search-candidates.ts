import type { Candidate } from './relevance-ranking.js';
import type { ArmHit, CandidateRow } from './search.repo.js';

/**
 * Both arms' hits as the ranking's candidates: each active one (`facts` holds it) once, with its
 * BM25 score if the words' arm found it, its cosine if either the vector arm found it or the
 * vector stage measured it (`similarity`), and the arms that found it.
 */
export function candidatesOf(
  fulltext: readonly ArmHit[],
  nearest: readonly ArmHit[],
  facts: ReadonlyMap<string, CandidateRow>,
  similarity: ReadonlyMap<string, number>,
): Candidate[] {
  const textScore = new Map(fulltext.map((h) => [h.id, h.score]));
  const cosine = new Map([...similarity, ...nearest.map((h) => [h.id, h.score] as const)]);
  const inVector = new Set(nearest.map((h) => h.id));
  const ids = [...new Set([...fulltext, ...nearest].map((h) => h.id))];
  return ids.flatMap((id) => {
    const m = facts.get(id);
    if (!m) return [];
    return [
      {
        id,
        ...(textScore.has(id) ? { bm25: textScore.get(id)! } : {}),
        ...(cosine.has(id) ? { cosine: cosine.get(id)! } : {}),
        lexemes: m.lexemes,
        arms: [
          ...(textScore.has(id) ? (['fulltext'] as const) : []),
          ...(inVector.has(id) ? (['vector'] as const) : []),
        ],
        createdAt: m.created_at,
        importance: m.importance,
      },
    ];
  });
}
