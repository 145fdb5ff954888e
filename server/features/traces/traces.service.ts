import type { FastifyBaseLogger } from 'fastify';
import {
  CreateTraceRequest,
  type CreateTraceResponse,
  type ListTracesQuery,
  type SimilarTrace,
  type Trace,
  type TraceListResponse,
  type TraceSource,
  UpdateTraceRequest,
} from '../../../contract/traces.js';
import { type Db, isUuid, type Tx } from '../../db/db.js';
import { isUniqueViolation } from '../../db/sql.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { isAssistant, type Principal, requireScope } from '../../http/principal.js';
import { type Categorise, leavesSomethingToSuggest, resolveCategorisation } from './categorise.js';
import { contentHash } from './content-hash.js';
import { listRepo, type MatchFilter } from './list.repo.js';
import { type NewTrace, type TracePatch, type TraceRow, tracesRepo } from './traces.repo.js';
import { parseInput } from '../../http/validation.js';

export type TracesServiceDeps = {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Fills in category / importance / tags a create left out (ADR 0007). */
  categorise: Categorise;
  /**
   * Called inside the writing transaction when a trace is created or its title or content
   * changes: the one place search hooks in to (re-)queue its embedding.
   */
  onContentChanged?: (tx: Tx, traceId: string) => Promise<void>;
  /**
   * The new trace's vector if the model gives it within create's small budget, else null: it
   * then feeds the categoriser and the near-duplicate check, and is stored instead of queued.
   */
  embedInline?: (draft: { title: string | null; content: string }) => Promise<readonly number[] | null>;
  /** Stores the inline vector of a new trace, inside the writing transaction (no job queued). */
  storeVector?: (tx: Tx, traceId: string, vector: readonly number[]) => Promise<void>;
  /** Near-duplicates of a new trace, listed in the create answer as `similar` (ADR 0018). */
  findSimilar?: (
    tx: Tx,
    userId: string,
    draft: { title: string | null; content: string },
    vector: readonly number[] | null,
  ) => Promise<SimilarTrace[]>;
  /** Keeps the near-duplicates found on create with the new trace (its detail page lists them). */
  recordSimilar?: (
    tx: Tx,
    userId: string,
    traceId: string,
    similar: readonly SimilarTrace[],
  ) => Promise<void>;
};

export type CreateOptions = {
  /** Defaults from the principal: web for a session, api for an API key or OAuth token. */
  source?: TraceSource;
  /** When the memory was first written; honoured only for source 'import' (moving between servers). */
  createdAt?: Date;
};

/** 201 with the new row, or 200 with the existing trace and duplicate_of (exact dedup). */
export type CreateResult = { trace: CreateTraceResponse; created: boolean };

/** Same words for someone else's id, a deleted id and a malformed one: nothing to learn. */
export const TRACE_NOT_FOUND = 'Trace not found';

export function toTrace(row: TraceRow): Trace {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    category: row.category,
    importance: row.importance,
    tags: row.tags,
    access_count: row.access_count,
    source: row.source,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const duplicate = (row: TraceRow): CreateResult => ({
  trace: { ...toTrace(row), duplicate_of: row.id },
  created: false,
});

/**
 * Deleted traces are kept this long, so a mistake can still be undone (POST
 * /api/traces/:id/restore), then erased for good: deletion in Cairn is real, not a flag forever.
 */
export const DELETED_TRACE_RETENTION_DAYS = 30;

/** Traces: create, read, edit, soft delete, restore, list, and access counting. */
export function createTracesService(deps: TracesServiceDeps) {
  const { db, log } = deps;

  async function insertOnce(
    userId: string,
    fields: NewTrace,
    vector: readonly number[] | null,
    similar: readonly SimilarTrace[],
  ) {
    return db.asUser(userId, async (tx) => {
      const row = await tracesRepo.insert(tx, userId, fields);
      if (row) {
        if (vector && deps.storeVector) await deps.storeVector(tx, row.id, vector);
        else await deps.onContentChanged?.(tx, row.id);
        if (similar.length) await deps.recordSimilar?.(tx, userId, row.id, similar);
        return { row, created: true };
      }
      // The dedup index refused it: an identical trace exists (or committed while we waited).
      const existing = await tracesRepo.findActiveByHash(tx, userId, fields.contentHash);
      return existing ? { row: existing, created: false } : undefined;
    });
  }

  /**
   * "Auto" on edit: a fresh suggestion for the trace as it will read after the edit (the fields
   * sent, else the stored ones). Like create, the model runs outside any transaction; a
   * concurrent edit of the text in between only means the suggestion read the earlier words.
   */
  async function suggestFor(
    userId: string,
    id: string,
    edit: { title: string | null | undefined; content: string | undefined },
  ) {
    const current = await db.asUser(userId, (tx) => tracesRepo.findActive(tx, userId, id));
    if (!current) throw notFound(TRACE_NOT_FOUND);
    const title = edit.title === undefined ? current.title : edit.title;
    const content = edit.content ?? current.content;
    const vector = (await deps.embedInline?.({ title, content })) ?? null;
    // Tags are not re-suggested on edit (the person's own stay), so no vocabulary is needed.
    return resolveCategorisation({}, () => deps.categorise({ title, content }, [], vector ?? undefined), log);
  }

  async function recordAccessIn(tx: Tx, principal: Principal, ids: readonly string[]): Promise<number> {
    if (!isAssistant(principal)) return 0;
    const unique = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    return tracesRepo.incrementAccess(tx, principal.userId, unique);
  }

  return {
    async create(
      principal: Principal,
      input: CreateTraceRequest,
      options: CreateOptions = {},
    ): Promise<CreateResult> {
      requireScope(principal, 'write:traces');
      const body = parseInput(CreateTraceRequest, input);
      const { userId } = principal;
      const title = body.title || null;
      const hash = contentHash(body.content);
      const needsSuggestion = leavesSomethingToSuggest(body);

      // The model works (bounded) outside any transaction, while the duplicate is looked up.
      const embedding = deps.embedInline?.({ title, content: body.content }) ?? Promise.resolve(null);
      const existing = await db.asUser(userId, (tx) => tracesRepo.findActiveByHash(tx, userId, hash));
      if (existing) return duplicate(existing);
      const vector = await embedding;
      // Then the vocabulary and near-duplicates, and categorise outside any transaction: a model
      // call must not hold the database.
      const before = await db.asUser(userId, async (tx) => ({
        userTags: needsSuggestion ? await tracesRepo.recentTags(tx, userId) : [],
        similar: (await deps.findSimilar?.(tx, userId, { title, content: body.content }, vector)) ?? [],
      }));
      const chosen = await resolveCategorisation(
        body,
        () => deps.categorise({ title, content: body.content }, before.userTags, vector ?? undefined),
        log,
      );

      const fields: NewTrace = {
        title,
        content: body.content,
        contentHash: hash,
        ...chosen,
        source: options.source ?? (principal.via === 'session' ? 'web' : 'api'),
        createdAt: options.source === 'import' ? options.createdAt : undefined,
      };
      // A retry is needed only if the row that beat us was deleted before we could read it.
      for (let attempt = 0; attempt < 3; attempt++) {
        const result = await insertOnce(userId, fields, vector, before.similar);
        if (!result) continue;
        if (!result.created) return duplicate(result.row);
        const { similar } = before;
        return { trace: { ...toTrace(result.row), ...(similar.length ? { similar } : {}) }, created: true };
      }
      throw conflict('The trace changed while saving; try again');
    },

    /** One active trace. An assistant's read counts as an access (spec: access_count). */
    async get(principal: Principal, id: string): Promise<Trace> {
      requireScope(principal, 'read:traces');
      if (!isUuid(id)) throw notFound(TRACE_NOT_FOUND);
      const row = await db.asUser(principal.userId, async (tx) => {
        if (!isAssistant(principal)) return tracesRepo.findActive(tx, principal.userId, id);
        return tracesRepo.fetchCounted(tx, principal.userId, id);
      });
      if (!row) throw notFound(TRACE_NOT_FOUND);
      return toTrace(row);
    },

    /** Changes only the fields sent; updated_at moves. */
    async update(principal: Principal, id: string, input: UpdateTraceRequest): Promise<Trace> {
      requireScope(principal, 'write:traces');
      const body = parseInput(UpdateTraceRequest, input);
      if (!isUuid(id)) throw notFound(TRACE_NOT_FOUND);
      const { userId } = principal;
      const title = body.title === undefined ? undefined : body.title || null;
      const suggested =
        body.category === 'auto' || body.importance === 'auto'
          ? await suggestFor(userId, id, { title, content: body.content })
          : undefined;
      return db.asUser(userId, async (tx) => {
        const current = await tracesRepo.findForUpdate(tx, userId, id);
        if (!current?.is_active) throw notFound(TRACE_NOT_FOUND);
        const patch: TracePatch = {
          title,
          content: body.content,
          content_hash: body.content === undefined ? undefined : contentHash(body.content),
          category: body.category === 'auto' ? suggested?.category : body.category,
          importance: body.importance === 'auto' ? suggested?.importance : body.importance,
          tags: body.tags,
        };
        if (patch.content_hash && patch.content_hash !== current.content_hash) {
          const other = await tracesRepo.findActiveByHash(tx, userId, patch.content_hash);
          if (other) throw duplicateContent(other.id);
        }
        const row = await tracesRepo.update(tx, userId, id, patch).catch((err: unknown) => {
          throw isUniqueViolation(err) ? duplicateContent() : err;
        });
        if (!row) throw notFound(TRACE_NOT_FOUND);
        if (row.title !== current.title || row.content !== current.content) {
          await deps.onContentChanged?.(tx, row.id);
        }
        return toTrace(row);
      });
    },

    /** Soft delete: is_active becomes false, so the web app's Undo (restore) can bring it back. */
    async remove(principal: Principal, id: string): Promise<void> {
      requireScope(principal, 'write:traces');
      if (!isUuid(id)) throw notFound(TRACE_NOT_FOUND);
      const deleted = await db.asUser(principal.userId, (tx) =>
        tracesRepo.softDelete(tx, principal.userId, id),
      );
      if (!deleted) throw notFound(TRACE_NOT_FOUND);
    },

    /**
     * Retention, run by the maintenance schedule: erases traces deleted over
     * DELETED_TRACE_RETENTION_DAYS before `now`, for every user (so asSystem).
     */
    async deleteExpired(now: Date): Promise<number> {
      const before = new Date(now.getTime() - DELETED_TRACE_RETENTION_DAYS * 24 * 3600 * 1000);
      return db.asSystem((tx) => tracesRepo.purgeDeleted(tx, before));
    },

    /** Undoes a delete; restoring an active trace changes nothing. */
    async restore(principal: Principal, id: string): Promise<Trace> {
      requireScope(principal, 'write:traces');
      if (!isUuid(id)) throw notFound(TRACE_NOT_FOUND);
      const { userId } = principal;
      return db.asUser(userId, async (tx) => {
        const current = await tracesRepo.findForUpdate(tx, userId, id);
        if (!current) throw notFound(TRACE_NOT_FOUND);
        if (current.is_active) return toTrace(current);
        const other = await tracesRepo.findActiveByHash(tx, userId, current.content_hash);
        if (other) throw restoreConflict(other.id);
        const row = await tracesRepo.restore(tx, userId, id).catch((err: unknown) => {
          throw isUniqueViolation(err) ? restoreConflict() : err;
        });
        if (!row) throw notFound(TRACE_NOT_FOUND);
        return toTrace(row);
      });
    },

    /**
     * The list: filters, a sort, one page, exact totals (ADR 0005). In-process callers may leave
     * the sort out (the route always has one): newest first, as before sorts existed; and the
     * left-out ids, which only the web app's search box sends (docs/decisions/0026).
     */
    async list(
      principal: Principal,
      query: Omit<ListTracesQuery, 'sort' | 'exclude'> & Partial<Pick<ListTracesQuery, 'sort' | 'exclude'>>,
    ): Promise<TraceListResponse> {
      requireScope(principal, 'read:traces');
      const { userId } = principal;
      const { page, pageSize, sort = 'newest' } = query;
      const window = { limit: pageSize, offset: (page - 1) * pageSize };
      const filter: MatchFilter = {
        term: query.search || null,
        tags: query.tags.length ? query.tags : null,
        category: query.category ?? null,
        importance: query.importance ?? null,
        exclude: query.exclude?.length ? query.exclude : null,
      };
      const { rows, total } = await db.asUser(userId, async (tx) => {
        if (!filter.term && !filter.tags && !filter.importance && !filter.exclude) {
          const total = await listRepo.count(tx, userId, filter.category);
          // Past the end: nothing to read (the count is already known).
          const rows =
            window.offset < total ? await listRepo.page(tx, userId, filter.category, sort, window) : [];
          return { rows, total };
        }
        const found = await listRepo.pageMatching(tx, userId, filter, sort, window);
        return { rows: found.rows, total: found.total ?? (await listRepo.countMatching(tx, filter)) };
      });
      return {
        traces: rows.map(toTrace),
        totalCount: total,
        currentPage: page,
        totalPages: Math.ceil(total / pageSize),
        pageSize,
      };
    },

    /**
     * Every active trace, newest first, a page per call (`afterId` = the last one read), each
     * page its own short transaction: an export of a large account never holds the database.
     */
    async readPage(principal: Principal, afterId: string | null, limit: number): Promise<Trace[]> {
      requireScope(principal, 'read:traces');
      const { userId } = principal;
      const rows = await db.asUser(userId, (tx) => tracesRepo.pageAfter(tx, userId, afterId, limit));
      return rows.map(toTrace);
    },

    /**
     * Counts a retrieval of each id by an assistant or program (search hits, MCP fetches): one
     * atomic increment per active trace of this user, logged for the per-day chart. The owner's
     * own reads in the web app do not count. Returns how many traces were counted.
     */
    async recordAccess(principal: Principal, ids: readonly string[]): Promise<number> {
      if (!isAssistant(principal) || !ids.length) return 0;
      return db.asUser(principal.userId, (tx) => recordAccessIn(tx, principal, ids));
    },

    /** The same inside a caller's transaction (a search that already holds one). */
    recordAccessIn,
  };
}

export type TracesService = ReturnType<typeof createTracesService>;

function duplicateContent(otherId?: string): AppError {
  return new AppError(
    409,
    'duplicate_trace',
    'Another trace already has this content',
    otherId ? [{ path: 'content', message: `Trace ${otherId} already has this content` }] : undefined,
  );
}

function restoreConflict(otherId?: string): AppError {
  return new AppError(
    409,
    'duplicate_trace',
    'This trace cannot be restored: an active trace has the same content',
    otherId ? [{ path: 'id', message: `Trace ${otherId} already has this content` }] : undefined,
  );
}
