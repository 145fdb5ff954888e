import type { FastifyBaseLogger } from 'fastify';
import { SearchRequest, type SearchInput, type SearchResponse } from '../../../contract/search.js';
import type { Db, Tx } from '../../db/db.js';
import type { Embedder } from '../../embeddings/embedder.js';
import { type Principal, requireScope } from '../../http/principal.js';
import type { TracesService } from '../traces/traces.service.js';
import { parseInput } from '../../http/validation.js';

import { type Arm, type FusedHit, fuseScores, type ScoreFusionOptions } from './score-fusion.js';
import {
  type ArmHit,
  type Bm25Params,
  type SearchFilters,
  type SearchRow,
  searchRepo,
} from './search.repo.js';
import { buildSnippet } from './snippet.js';

/** Every knob of the ranking, tuned on the LoCoMo dev split (docs/decisions/0008-hybrid-search.md). */
export type SearchTuning = {
  /** Candidates each arm contributes to the fusion. */
  depth: number;
  bm25: Bm25Params;
  /** Arm weights and the recency / importance priors (score-fusion.ts). */
  fusion: Pick<ScoreFusionOptions, 'weights' | 'recency' | 'importance'>;
  /** HNSW candidate list size (pgvector's default 40 loses recall past ~40 results). */
  efSearch: number;
  /** A query the model cannot embed in this time is answered from full text alone. */
  queryEmbeddingTimeoutMs: number;
};

export const DEFAULT_TUNING: SearchTuning = {
  depth: 30,
  bm25: { k1: 0.9, b: 0.4, titleWeight: 2, candidateBudget: 2000 },
  fusion: { weights: { fulltext: 0.6, vector: 0.4 } },
  efSearch: 100,
  queryEmbeddingTimeoutMs: 2000,
};

/** What both arms and the fusion said, before rows are read: for the benches and the tests. */
export type Ranking = {
  mode: SearchResponse['mode'];
  fulltext: ArmHit[];
  vector: ArmHit[];
  fused: FusedHit[];
};

export type SearchServiceDeps = {
  db: Db;
  embedder: Embedder;
  traces: Pick<TracesService, 'recordAccessIn'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  tuning?: Partial<SearchTuning>;
};

/**
 * Hybrid search: BM25-style full text and vector similarity, each standardised over the candidates
 * and summed with fixed weights (z-score fusion, ADR 0008), plus gentle recency and importance priors. The query is embedded (in a worker thread) while the full-text
 * arm runs; if the model fails or is slow, the answer comes from full text alone (mode 'fulltext').
 */
export function createSearchService(deps: SearchServiceDeps) {
  const { db, embedder, log } = deps;
  const tuning: SearchTuning = { ...DEFAULT_TUNING, ...deps.tuning };
  let lastWarning = 0;

  async function embedQuery(query: string): Promise<number[] | null> {
    const ms = tuning.queryEmbeddingTimeoutMs;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    try {
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const err = new Error(`The embedding model did not answer within ${ms} ms`);
          controller.abort(err);
          reject(err);
        }, ms);
      });
      const [vector] = await Promise.race([
        embedder.embed([query], { priority: 'high', signal: controller.signal }),
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
    }
  }

  /** Both arms, the fusion, and the rows of the top `limit` (read in the same transaction). */
  async function run(
    principal: Principal,
    input: SearchInput,
    afterFusion?: (tx: Tx, ids: string[]) => Promise<void>,
  ): Promise<Ranking & { rows: Map<string, SearchRow> }> {
    const { userId } = principal;
    const filters: SearchFilters = {
      category: input.category ?? null,
      tags: input.tags?.length ? input.tags : null,
      importance: input.importance ?? null,
    };
    const filtered = filters.category !== null || filters.tags !== null || filters.importance !== null;
    const embedding = embedQuery(input.query);
    const fulltext = await db.asUser(userId, (tx) =>
      searchRepo.fulltext(tx, input.query, filters, tuning.depth, {
        ...tuning.bm25,
        // Filters drop candidates after they are chosen: choose more.
        candidateBudget: tuning.bm25.candidateBudget * (filtered ? 3 : 1),
      }),
    );
    const vector = await embedding;
    return db.asUser(userId, async (tx) => {
      const nearest = vector
        ? await searchRepo.vector(
            tx,
            userId,
            embedder.modelId,
            vector,
            filters,
            tuning.depth,
            tuning.efSearch,
          )
        : [];
      const ids = [...new Set([...fulltext, ...nearest].map((h) => h.id))];
      const probe = vector ? { model: embedder.modelId, vector } : null;
      const needCosine = fulltext.filter((h) => !nearest.some((n) => n.id === h.id)).map((h) => h.id);
      const meta = new Map(
        (await searchRepo.candidates(tx, userId, ids, probe && { ...probe, ids: needCosine })).map((m) => [
          m.id,
          m,
        ]),
      );
      const textScore = new Map(fulltext.map((h) => [h.id, h.score]));
      const cosine = new Map(nearest.map((h) => [h.id, h.score]));
      for (const m of meta.values())
        if (m.similarity !== null && !cosine.has(m.id)) cosine.set(m.id, m.similarity);
      const inText = new Set(textScore.keys());
      const inVector = new Set(nearest.map((h) => h.id));
      const fused = fuseScores(
        ids.flatMap((id) => {
          const m = meta.get(id);
          if (!m) return [];
          const matched: Arm[] = [
            ...(inText.has(id) ? (['fulltext'] as const) : []),
            ...(inVector.has(id) ? (['vector'] as const) : []),
          ];
          return [
            {
              id,
              // A trace no query word matched has a BM25 score of 0; one found only by meaning
              // may have matched below the arm's depth, and counts as 0 too.
              scores: {
                fulltext: textScore.get(id) ?? 0,
                ...(cosine.has(id) ? { vector: cosine.get(id)! } : {}),
              },
              matched,
              createdAt: m.created_at,
              importance: m.importance,
            },
          ];
        }),
        { ...tuning.fusion, limit: input.limit },
      );
      const top = fused.map((f) => f.id);
      const rows = new Map((await searchRepo.rows(tx, userId, top)).map((r) => [r.id, r]));
      await afterFusion?.(tx, top);
      return { mode: vector ? 'hybrid' : 'fulltext', fulltext, vector: nearest, fused, rows };
    });
  }

  return {
    /**
     * The search of POST/GET /api/search and the MCP search tool. Needs read:traces. Results
     * count as retrievals (access_count) when an assistant or program asked.
     */
    async search(principal: Principal, request: SearchRequest | SearchInput): Promise<SearchResponse> {
      requireScope(principal, 'read:traces');
      const input = parseInput(SearchRequest, request);
      const ranking = await run(principal, input, async (tx, ids) => {
        await deps.traces.recordAccessIn(tx, principal, ids);
      });
      return {
        query: input.query,
        mode: ranking.mode,
        results: ranking.fused.flatMap((hit) => {
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
              created_at: row.created_at.toISOString(),
              updated_at: row.updated_at.toISOString(),
              snippet: buildSnippet(row.content, input.query),
              score: hit.score,
              matched: hit.matched satisfies Arm[],
            },
          ];
        }),
      };
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
