import type { FastifyBaseLogger } from 'fastify';
import {
  SEARCH_LIMITS,
  SearchRequest,
  type SearchInput,
  type SearchResponse,
} from '../../../contract/search.js';
import type { SimilarTrace } from '../../../contract/traces.js';
import { type Db, isUuid, type Tx } from '../../db/db.js';
import { notFound } from '../../http/errors.js';
import type { Embedder } from '../../embeddings/embedder.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { type Principal, requireScope, requireWholeAccount } from '../../http/principal.js';
import { TRACE_NOT_FOUND, type TracesService } from '../traces/traces.service.js';
import { parseInput } from '../../http/validation.js';

import {
  backgroundOf,
  feedbackSources,
  type QueryTerms,
  type RankedHit,
  rankByRelevance,
  type RankOptions,
  signalsOf,
  WORD_VECTORS,
} from './relevance-ranking.js';
import type { Arm } from './score-fusion.js';
import {
  type ArmHit,
  type Bm25Params,
  type CandidateRow,
  type SearchFilters,
  type SearchRow,
  searchRepo,
  type TermStats,
} from './search.repo.js';
import type { NearDuplicates } from './near-duplicates.js';
import { RELEVANCE_MODEL } from './relevance.js';
import { buildSnippet } from './snippet.js';
import { createDocumentFrequencyCache, createQueryVectorCache } from './search-caches.js';
import { candidatesOf } from './search-candidates.js';

/**
 * Every knob of the ranking, chosen by measuring on the LoCoMo dev split
 * (docs/decisions/0008-hybrid-search.md).
 */
export type SearchTuning = {
  /** Candidates each arm contributes to the fusion. */
  depth: number;
  bm25: Bm25Params;
  /** The recency / importance priors added to the relevance when sorting (relevance-ranking.ts). */
  priors: Pick<RankOptions, 'recency' | 'importance'>;
  /** HNSW candidate list size (pgvector's default 40 loses recall past ~40 results). */
  efSearch: number;
  /** A query the model cannot embed in this time is answered from full text alone. */
  queryEmbeddingTimeoutMs: number;
};

export const DEFAULT_TUNING: SearchTuning = {
  depth: 30,
  bm25: { k1: 0.9, b: 0.4, titleWeight: 2, candidateBudget: 2000 },
  priors: {},
  efSearch: 100,
  queryEmbeddingTimeoutMs: 2000,
};

/** What both arms and the fusion said, before rows are read: for the benches and the tests. */
export type Ranking = {
  mode: SearchResponse['mode'];
  fulltext: ArmHit[];
  vector: ArmHit[];
  /** What is returned: relevance ≥ min_relevance, at most `limit`, best first. */
  fused: RankedHit[];
  /** When `fused` is empty and weak matches were asked for: the closest few above the floor. */
  weak: RankedHit[];
  /** Every candidate, ranked, before the threshold and the limit (the fit script reads these). */
  candidates: RankedHit[];
  /** The words' statistics the ranking used (the fit recomputes the feedback from them). */
  terms: TermStats & Pick<QueryTerms, 'df'>;
};

export type SearchServiceDeps = {
  db: Db;
  embedder: Embedder;
  traces: Pick<TracesService, 'recordAccessIn'>;
  /** The project scope of a search (ADR 0029). */
  projects: Pick<ProjectsService, 'scopeIn'>;
  nearDuplicates?: Pick<NearDuplicates, 'of'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  tuning?: Partial<SearchTuning>;
};

/**
 * Hybrid search: BM25-style full text and vector similarity give candidates; a small logistic
 * model over their raw signals gives each a relevance in [0, 1] that means the same for every
 * query (ADR 0008), and those below `min_relevance` are not returned. The query is embedded (in a
 * worker thread) while the full-text arm runs; if the model fails or is slow, the answer comes
 * from full text alone (mode 'fulltext').
 */
export function createSearchService(deps: SearchServiceDeps) {
  const { db, embedder, log } = deps;
  const tuning: SearchTuning = { ...DEFAULT_TUNING, ...deps.tuning };
  let lastWarning = 0;
  const queryVectors = createQueryVectorCache();
  if (!WORD_VECTORS)
    log.warn('word vectors are not built (npm run build): search ranks without its word-meaning signals');
  const documentFrequencies = createDocumentFrequencyCache();

  async function embedQuery(query: string, signal?: AbortSignal): Promise<readonly number[] | null> {
    const cached = queryVectors.get(embedder.modelId, query);
    if (cached) return cached;
    const vector = await embedQueryNow(query, signal);
    if (vector) queryVectors.set(embedder.modelId, query, vector);
    return vector;
  }

  /** The feedback's document frequencies: from the cache where it holds this version, else read. */
  async function documentFrequenciesOf(tx: Tx, userId: string, version: number, lexemes: string[]) {
    const { known, missing } = documentFrequencies.lookup(userId, version, lexemes);
    if (!missing.length) return known;
    const found = await searchRepo.documentFrequencies(tx, userId, missing);
    documentFrequencies.store(userId, version, missing, found);
    for (const [lexeme, df] of found) known.set(lexeme, df);
    return known;
  }

  async function embedQueryNow(query: string, signal?: AbortSignal): Promise<number[] | null> {
    const ms = tuning.queryEmbeddingTimeoutMs;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // The request was abandoned (timed out, client gone): the model stops working on it too.
    const abandon = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', abandon, { once: true });
    try {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const err = new Error(`The embedding model did not answer within ${ms} ms`);
          controller.abort(err);
          reject(err);
        }, ms);
      });
      const [vector] = await Promise.race([
        embedder.embed([query], { priority: 'high', signal: controller.signal, inputType: 'query' }),
        deadline,
      ]);
      return vector ?? null;
    } catch (err) {
      // Once a minute at most: a model that is down would otherwise log every search.
      if (Date.now() - lastWarning > 60_000) {
        lastWarning = Date.now();
        log.warn({ err }, 'query embedding failed; searching full text only');
      }
      return null;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abandon);
    }
  }

  /** Both arms, the fusion, and the rows of the top `limit`. */
  async function run(
    principal: Principal,
    input: SearchInput,
    afterFusion?: (tx: Tx, ids: string[]) => Promise<void>,
    signal?: AbortSignal,
    options: { unknownProject?: 'error' | 'empty' } = {},
  ): Promise<Ranking & { rows: Map<string, SearchRow> }> {
    const { userId } = principal;
    const filters: SearchFilters = {
      category: input.category ?? null,
      tags: input.tags?.length ? input.tags : null,
      importance: input.importance ?? null,
      scope: null,
      includeSuperseded: input.include_superseded,
    };
    const embedding = embedQuery(input.query, signal);
    const context = RELEVANCE_MODEL.context;
    const contextParams = context && { span: context.span, windowMinutes: context.window_minutes };
    // A search is three short transactions (ADR 0025), so the database serves other requests while
    // this one waits for the model or ranks in JavaScript: the words' stage (with its hits' facts)
    // while the model embeds the query; the vector stage and the feedback's document frequencies;
    // then, once ranked, the rows returned (and the access count, for an assistant).
    const text = await db.asUser(userId, async (tx) => {
      // The project scope (ADR 0029) is read in the same transaction as the words' stage.
      filters.scope = await deps.projects.scopeIn(tx, principal, input.project, {
        only: input.project_only,
        unknown: options.unknownProject ?? 'error',
      });
      const filtered =
        filters.category !== null || filters.tags !== null || filters.importance !== null || !!filters.scope;
      return searchRepo.textStage(
        tx,
        userId,
        input.query,
        filters,
        tuning.depth,
        {
          ...tuning.bm25,
          // Filters drop candidates after they are chosen: choose more.
          candidateBudget: tuning.bm25.candidateBudget * (filtered ? 3 : 1),
        },
        contextParams,
      );
    });
    const fulltext = text.hits;
    const vector = await embedding;
    // Abandoned while the model worked: no second transaction for an answer nobody reads.
    signal?.throwIfAborted();
    const { nearest, candidates, meta, terms, background, signals } = await db.asUser(userId, async (tx) => {
      const stage = vector
        ? await searchRepo.vectorStage(tx, userId, {
            probe: { model: embedder.modelId, vector },
            textIds: fulltext.map((h) => h.id),
            filters,
            limit: tuning.depth,
            efSearch: tuning.efSearch,
            context: contextParams,
          })
        : { nearest: [], candidates: new Map<string, CandidateRow>(), similarity: new Map<string, number>() };
      const nearest = stage.nearest;
      const meta = new Map([...text.candidates, ...stage.candidates]);
      const candidates = candidatesOf(fulltext, nearest, meta, stage.similarity);
      const terms: TermStats = {
        ...text.terms,
        candidates: new Map([...meta].map(([id, m]) => [id, m.lexemes])),
      };
      // The background: the mean cosine of the query's nearest traces (all of them in a small
      // store). A cosine that does not stand out from it says little.
      const background = backgroundOf(nearest.map((h) => h.score));
      // Pseudo-relevance feedback: the document frequency of its few source notes' words only.
      const signals = signalsOf(candidates, terms, background);
      const sources = feedbackSources(candidates, signals);
      const df = await documentFrequenciesOf(tx, userId, text.version, [
        ...new Set(sources.flatMap((c) => c.lexemes)),
      ]);
      return { nearest, candidates, meta, terms: { ...terms, df }, background, signals };
    });
    // Context from the timeline: the notes written just before and after each candidate.
    const neighbours = context ? new Map([...meta].map(([id, m]) => [id, m.neighbours])) : undefined;
    const ranked = rankByRelevance(candidates, terms, {
      background,
      signals,
      ...tuning.priors,
      ...(neighbours ? { neighbours } : {}),
    });
    const fused = ranked.filter((h) => h.relevance >= input.min_relevance).slice(0, input.limit);
    // Nothing reached the threshold: for a caller that asked, the few that would answer if
    // anything here does (their own relevance, before the answerable gate, above the floor),
    // shown with their gated relevance. The gate doubts a whole list; a weak match is exactly
    // the list it doubted, offered to be judged by the reader.
    const weak =
      fused.length || !input.weak_matches
        ? []
        : ranked
            .filter((h) => h.own >= SEARCH_LIMITS.weakMatchFloor)
            .sort((a, b) => b.own - a.own || b.score - a.score)
            .slice(0, Math.min(input.limit, SEARCH_LIMITS.weakMatchMax));
    const top = [...fused, ...weak].map((f) => f.id);
    signal?.throwIfAborted();
    // A trace deleted since the stages above has no row and is left out of the answer.
    const rows = top.length
      ? await db.asUser(userId, async (tx) => {
          const found = new Map((await searchRepo.rows(tx, userId, top)).map((r) => [r.id, r]));
          await afterFusion?.(
            tx,
            top.filter((id) => found.has(id)),
          );
          return found;
        })
      : new Map<string, SearchRow>();
    return {
      mode: vector ? 'hybrid' : 'fulltext',
      fulltext,
      vector: nearest,
      fused,
      weak,
      candidates: ranked,
      terms,
      rows,
    };
  }

  return {
    /**
     * The search of POST/GET /api/search and the MCP search tool. Needs read:traces. Only the
     * results returned count as retrievals (access_count), and only when an assistant or program
     * asked. `signal` (the request's): once aborted, the search stops at its next step.
     */
    async search(
      principal: Principal,
      request: SearchRequest | SearchInput,
      options: { signal?: AbortSignal; unknownProject?: 'error' | 'empty'; countAccess?: boolean } = {},
    ): Promise<SearchResponse> {
      requireScope(principal, 'read:traces');
      const input = parseInput(SearchRequest, request);
      const ranking = await run(
        principal,
        input,
        async (tx, ids) => {
          if (options.countAccess !== false) await deps.traces.recordAccessIn(tx, principal, ids);
        },
        options.signal,
        options.unknownProject ? { unknownProject: options.unknownProject } : {},
      );
      const result = (hit: RankedHit, weak: boolean) => {
        const row = ranking.rows.get(hit.id);
        if (!row) return [];
        return [
          {
            id: row.id,
            title: row.title,
            content: row.content,
            category: row.category,
            importance: row.importance,
            tags: row.tags,
            project: row.project,
            pinned: row.pinned,
            superseded_at: row.superseded_at?.toISOString() ?? null,
            created_at: row.created_at.toISOString(),
            updated_at: row.updated_at.toISOString(),
            snippet: buildSnippet(row.content, input.query),
            relevance: hit.relevance,
            score: hit.score,
            matched: hit.matched satisfies Arm[],
            ...(weak ? { weak: true as const } : {}),
          },
        ];
      };
      const below = `no memory reached relevance ${input.min_relevance}`;
      return {
        query: input.query,
        mode: ranking.mode,
        results: [
          ...ranking.fused.flatMap((hit) => result(hit, false)),
          ...ranking.weak.flatMap((hit) => result(hit, true)),
        ],
        ...(ranking.fused.length
          ? {}
          : ranking.weak.length
            ? {
                message:
                  `Only weak matches: ${below}. These ${ranking.weak.length} came closest; ` +
                  'they may not answer the question.',
              }
            : {
                message:
                  `Nothing relevant found: ${below}` +
                  (ranking.candidates.length ? ' (lower min_relevance to see weaker matches).' : '.'),
              }),
      };
    },

    /**
     * GET /api/traces/{id}/similar: the near-duplicates kept for a trace (found when it or they
     * were created, by words or by meaning). Needs read:traces; not an access.
     */
    async similar(principal: Principal, traceId: string): Promise<SimilarTrace[]> {
      requireScope(principal, 'read:traces');
      // Near-duplicates are kept across projects: not for a project-limited credential.
      requireWholeAccount(principal);
      const near = deps.nearDuplicates;
      const found =
        isUuid(traceId) && near
          ? await db.asUser(principal.userId, (tx) => near.of(tx, principal.userId, traceId))
          : null;
      if (!found) throw notFound(TRACE_NOT_FOUND);
      return found;
    },

    /** The same ranking without reading content or counting access: for benches and tests. */
    async rank(principal: Principal, request: SearchRequest | SearchInput): Promise<Ranking> {
      requireScope(principal, 'read:traces');
      const { rows: _rows, ...ranking } = await run(principal, parseInput(SearchRequest, request));
      return ranking;
    },

    tuning,
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
