import { ListTracesQuery } from '../../../contract/traces.js';
import { SEARCH_LIMITS, type SearchResult } from '../../../contract/search.js';
import { badRequest } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import type { TracesService } from '../traces/traces.service.js';
import { snippetAround } from './tool-results.js';

/**
 * The one place the MCP `search` tool asks Cairn for matches.
 *
 * TEMPORARY (issue 5 allows it until hybrid search lands): the full-text path of the traces
 * service — the REST list's case-insensitive match on title or content, newest first — shaped as
 * the search contract's results. At merge the lead replaces this body with
 *   `(await services.search.search(principal, { query, limit })).results`
 * and keeps the recordAccess call below only if services.search does not count accesses itself
 * (every trace returned by search counts once, issue 5).
 */
export async function searchTraces(
  traces: TracesService,
  principal: Principal,
  query: string,
  limit: number,
): Promise<SearchResult[]> {
  // The list's own query rules (at most 500 characters, no control characters) apply to this path.
  const parsed = ListTracesQuery.safeParse({ search: query.slice(0, 500), page: 1, pageSize: limit });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid query');
  const { traces: rows } = await traces.list(principal, parsed.data);
  await traces.recordAccess(
    principal,
    rows.map((t) => t.id),
  );
  return rows.map((t, rank) => ({
    id: t.id,
    title: t.title,
    content: t.content,
    category: t.category,
    importance: t.importance,
    tags: t.tags,
    created_at: t.created_at,
    updated_at: t.updated_at,
    snippet: snippetAround(t.content, query, SEARCH_LIMITS.snippetMax),
    score: 1 / (rank + 1),
    matched: ['fulltext'],
  }));
}
