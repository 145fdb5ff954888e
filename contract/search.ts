import { z } from 'zod';
import { Category, Importance, ProjectFilter, ProjectOnlyFlag, TagList, TraceSchema } from './traces.js';

/**
 * Ranked hybrid search (ADR 0008): what an assistant sees when it asks Cairn a question. Fixed here
 * first so the search service, the MCP tools and the web app's "Best match" mode share one shape.
 */
export const SEARCH_LIMITS = {
  limitDefault: 10,
  limitMax: 50,
  queryMax: 1000,
  snippetMax: 300,
  /**
   * Results less relevant than this are not returned (ADR 0008, "Saying nothing"): held out by
   * store on Cairn's fixtures, the threshold where at most one query in ten that nothing answers
   * (gibberish, off-topic questions) still gets a result, at the price of some recall on questions
   * that share no word with their answer (MCP's weak matches give those back to assistants).
   */
  minRelevanceDefault: 0.35,
  /**
   * Weak matches (issue 29): when nothing reaches min_relevance, a caller that asks for them
   * (`weak_matches`, which MCP search always does) gets up to this many of the candidates whose
   * own relevance — before the check whether anything in the list answers at all (ADR 0008) —
   * reaches `weakMatchFloor`, each marked weak. An assistant can discard a weak result; it cannot
   * recover one it never saw. Nonsense scores far below the floor on its own (under 0.01 in
   * search.examples.test.ts); a paraphrase's answer in a small store well above it.
   */
  weakMatchMax: 3,
  weakMatchFloor: 0.3,
} as const;

const Query = z
  .string({ message: 'Query is required' })
  .trim()
  .min(1, 'Query is required: send the words to search for')
  .max(SEARCH_LIMITS.queryMax, `Query must be at most ${SEARCH_LIMITS.queryMax} characters`);
const Limit = z
  .number()
  .int()
  .min(1, 'limit must be at least 1')
  .max(SEARCH_LIMITS.limitMax, `limit must be at most ${SEARCH_LIMITS.limitMax}`);
const MinRelevance = z
  .number({ message: 'min_relevance must be a number between 0 and 1' })
  .min(0, 'min_relevance must be between 0 and 1')
  .max(1, 'min_relevance must be between 0 and 1')
  .describe(
    `Leave out results whose relevance is below this (default ${SEARCH_LIMITS.minRelevanceDefault}; 0 returns every candidate)`,
  );

const WeakMatches = z
  .boolean()
  .describe(
    `When nothing reaches min_relevance, return up to ${SEARCH_LIMITS.weakMatchMax} of the closest candidates anyway, each marked weak (default false)`,
  );

const IncludeSuperseded = z
  .boolean({ error: 'include_superseded must be true or false' })
  .describe('Also search traces a newer one replaced (superseded; default false)');

export const SearchRequest = z
  .object({
    query: Query,
    limit: Limit.default(SEARCH_LIMITS.limitDefault),
    min_relevance: MinRelevance.default(SEARCH_LIMITS.minRelevanceDefault),
    category: Category.optional(),
    tags: TagList.optional().describe('Only traces carrying all of these tags'),
    importance: Importance.optional(),
    project: ProjectFilter.optional(),
    project_only: z.boolean({ error: 'project_only must be true or false' }).optional(),
    weak_matches: WeakMatches.default(false),
    include_superseded: IncludeSuperseded.default(false),
  })
  .meta({ id: 'SearchRequest' });
export type SearchRequest = z.input<typeof SearchRequest>;
export type SearchInput = z.output<typeof SearchRequest>;

/** `GET /api/search?q=…` for quick use (curl, a browser): the same filters as query parameters. */
export const SearchQueryString = z.object({
  q: Query,
  limit: z.coerce.number().pipe(Limit).default(SEARCH_LIMITS.limitDefault),
  min_relevance: z.coerce.number().pipe(MinRelevance).default(SEARCH_LIMITS.minRelevanceDefault),
  category: Category.optional(),
  tags: z
    .string()
    .optional()
    .transform((s) => (s ? s.split(',') : undefined))
    .pipe(TagList.optional()),
  importance: Importance.optional(),
  project: ProjectFilter.optional(),
  project_only: ProjectOnlyFlag,
  weak_matches: z
    .enum(['true', 'false', '1', '0'], { message: 'weak_matches must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .default(false),
  include_superseded: z
    .enum(['true', 'false', '1', '0'], { message: 'include_superseded must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .default(false),
});

export const SearchArm = z.enum(['fulltext', 'vector']);
export type SearchArm = z.infer<typeof SearchArm>;

export const SearchResult = TraceSchema.pick({
  id: true,
  title: true,
  content: true,
  category: true,
  importance: true,
  tags: true,
  project: true,
  pinned: true,
  superseded_at: true,
  created_at: true,
  updated_at: true,
})
  .extend({
    snippet: z
      .string()
      .describe(`The most relevant part of the content, at most ${SEARCH_LIMITS.snippetMax} characters`),
    relevance: z
      .number()
      .min(0)
      .max(1)
      .describe('How likely this answers the query, from 0 to 1; means the same for every query'),
    score: z
      .number()
      .describe('What the list is sorted by: the relevance plus small recency and importance priors'),
    matched: z.array(SearchArm).describe('Which arms found it: full-text, semantic (vector), or both'),
    weak: z
      .literal(true)
      .optional()
      .describe('A weak match: below min_relevance, listed because nothing reached it (weak_matches)'),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchResponse = z
  .object({
    query: z.string(),
    results: z.array(SearchResult),
    mode: z
      .enum(['hybrid', 'fulltext'])
      .describe('fulltext when the embedding model could not answer: results then come from words alone'),
    message: z
      .string()
      .optional()
      .describe(
        'Present when nothing reached min_relevance: says so, and whether weak matches are listed instead',
      ),
  })
  .meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof SearchResponse>;
