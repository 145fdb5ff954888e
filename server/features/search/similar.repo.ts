import type { SimilarTrace } from '../../../contract/traces.js';
import type { Tx } from '../../db/db.js';
import { buildSnippet } from './snippet.js';

/**
 * Near-duplicates of a trace about to be created: the user's active traces whose text has a
 * trigram similarity of at least `minSimilarity` (0–1) with the new title + content. Synchronous
 * and cheap (the list's trigram index, no model call): see cairn_similar_traces in 0005 and
 * docs/decisions/0008-hybrid-search.md.
 */
export const SIMILAR = { minSimilarity: 0.5, max: 5, snippetMax: 160 } as const;

export async function findSimilarTraces(
  tx: Tx,
  draft: { title: string | null; content: string },
  options: { minSimilarity?: number; max?: number } = {},
): Promise<SimilarTrace[]> {
  const rows = await tx.query<{ id: string; title: string | null; excerpt: string; similarity: number }>(
    'SELECT id, title, excerpt, similarity FROM cairn_similar_traces($1, $2, $3, $4)',
    [draft.title, draft.content, options.minSimilarity ?? SIMILAR.minSimilarity, options.max ?? SIMILAR.max],
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    snippet: buildSnippet(r.excerpt, '', SIMILAR.snippetMax),
    similarity: Math.round(Number(r.similarity) * 1000) / 1000,
    found_by: 'words' as const,
  }));
}
