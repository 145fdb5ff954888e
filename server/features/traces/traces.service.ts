import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  CreateTraceRequest,
  type CreateTraceResponse,
  type ListTracesQuery,
  ProjectFilter,
  type SimilarTrace,
  type Trace,
  type TraceListResponse,
  type TraceSource,
  UpdateTraceRequest,
  type UpdateTraceResponse,
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
import type { ProjectScope, ProjectsService } from '../projects/projects.service.js';
import { briefingRepo } from './briefing.repo.js';
import { projectTracesRepo } from './project-traces.repo.js';
import { createTagVocabulary } from './tag-vocabulary.js';
import { recordEdits } from './history.service.js';
import { originOf } from './provenance.js';
import { titleFrom } from './title.js';
import { TRACE_NOT_FOUND, visibleTo } from './trace-visibility.js';
import { createSupersedeService, supersedeIn } from './supersede.js';
import { toTrace } from './to-trace.js';

/** The briefing's candidate rows, for the context service (which may not import the repo). */
export type { BriefingRow } from './briefing.repo.js';

export type TracesServiceDeps = {
  db: Db;
  /** Project names of writes and the scope of reads (ADR 0029). */
  projects: Pick<ProjectsService, 'forWrite' | 'scopeIn'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Fills in category / importance / tags a create left out (ADR 0007). */
  categorise: Categorise;
  /**
   * Called inside the writing transaction when a trace is created or its title or content
   * changes: the one place search hooks in to (re-)queue its embedding. `nudge: false` when the
   * caller will store the vector itself right after its commit (create with an inline vector).
   */
  onContentChanged?: (tx: Tx, traceId: string, opts?: { nudge?: boolean }) => Promise<void>;
  /** The same for many traces a background job changed (the queue's bulk lane). */
  onContentChangedMany?: (tx: Tx, traceIds: readonly string[]) => Promise<void>;
  /**
   * The new trace's vector if the model gives it within create's small budget, else null: it
   * then feeds the categoriser and the near-duplicate check by meaning.
   */
  embedInline?: (draft: { title: string | null; content: string }) => Promise<readonly number[] | null>;
  /**
   * Stores the inline vector of a new trace after create's commit (the queued job is its
   * fallback); never throws. Create does not wait for it: its answer does not include the vector.
   */
  storeVector?: (
    traceId: string,
    userId: string,
    draft: { title: string | null; content: string },
    vector: readonly number[],
  ) => Promise<void>;
  /** Near-duplicates of a new trace by its words (ADR 0018), read while the model embeds it. */
  findSimilarByWords?: (
    tx: Tx,
    userId: string,
    draft: { title: string | null; content: string },
  ) => Promise<SimilarTrace[]>;
  /**
   * Near-duplicates by meaning (when the vector is known), merged with those by words, for the
   * create answer's `similar`.
   */
  findSimilarByMeaning?: (
    tx: Tx,
    userId: string,
    byWords: readonly SimilarTrace[],
    vector: readonly number[] | null,
  ) => Promise<SimilarTrace[]>;
  /**
   * Existing traces the new one (inserted, `traceId`) may make outdated, by meaning (ADR 0034):
   * named in the create answer so the person or the assistant can mark them superseded.
   */
  findPossiblyOutdated?: (
    tx: Tx,
    userId: string,
    traceId: string,
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
  /** An unknown project name creates the project (an assistant naming its workspace) instead of a 400. */
  createProject?: boolean;
};

const ProjectScopeInput = z.object({ project: ProjectFilter.optional() });

/** Options of a read or edit by id from MCP: `project` narrows what the id may name. */
export type ByIdOptions = { project?: string | undefined; createProject?: boolean };

/** 201 with the new row, or 200 with the existing trace and duplicate_of (exact dedup). */
export type CreateResult = { trace: CreateTraceResponse; created: boolean };

/**
 * The title an edit leaves (ADR 0028): a typed one as typed; none (cleared) drawn from the content
 * again; and a drawn one follows the content when only the content changes. A typed title is never
 * replaced by a drawn one.
 */
function titlePatch(
  current: TraceRow,
  title: string | null | undefined,
  content: string | undefined,
): Pick<TracePatch, 'title' | 'title_generated'> {
  if (title) return { title, title_generated: false };
  if (title === null || (content !== undefined && current.title_generated))
    return { title: titleFrom(content ?? current.content), title_generated: true };
  return {};
}

export { TRACE_NOT_FOUND } from './trace-visibility.js';
export { toTrace } from './to-trace.js';

/** Whether a trace is within a read's scope (ADR 0029); null reaches every trace. */
export function inScope(scope: ProjectScope, projectId: string | null): boolean {
  if (!scope) return true;
  return projectId === scope.projectId || (scope.withPersonal && projectId === null);
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

  /** The write itself: near-duplicates by meaning, the row, its embedding job, what it is near. */
  async function insertOnce(
    principal: Principal,
    fields: NewTrace,
    vector: readonly number[] | null,
    byWords: readonly SimilarTrace[],
    supersedes: readonly string[],
  ) {
    const { userId } = principal;
    return db.asUser(userId, async (tx) => {
      const similar = (await deps.findSimilarByMeaning?.(tx, userId, byWords, vector)) ?? [...byWords];
      const row = await tracesRepo.insert(tx, userId, fields);
      if (row) {
        // A wrong id among those it replaces throws here: the transaction, the new trace with it,
        // is rolled back.
        await supersedeIn(tx, principal, supersedes, row.id);
        // With the vector in hand, create stores it right after this commit instead of waking
        // the queue; the job stays as the fallback.
        await deps.onContentChanged?.(tx, row.id, { nudge: !(vector && deps.storeVector) });
        if (similar.length) await deps.recordSimilar?.(tx, userId, row.id, similar);
        const outdated = (await deps.findPossiblyOutdated?.(tx, userId, row.id, vector)) ?? [];
        return { row, created: true, similar, outdated };
      }
      // The dedup index refused it: an identical trace exists (or committed while we waited).
      const existing = await tracesRepo.findActiveByHash(tx, userId, fields.contentHash);
      if (!existing) return undefined;
      // The same memory, said again, replacing older ones: they are marked as they would have been.
      if (visibleTo(principal, existing)) await supersedeIn(tx, principal, supersedes, existing.id);
      return { row: existing, created: false, similar, outdated: [] };
    });
  }

  /** The user's tags, most used first (the categoriser's vocabulary), remembered briefly. */
  const vocabulary = createTagVocabulary();

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
    // A typed title only, as create reads it (a drawn one repeats the content).
    const title = edit.title === undefined ? (current.title_generated ? null : current.title) : edit.title;
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
    /** Superseding (ADR 0034): supersede(older ids, by) and markCurrent(id), in supersede.ts. */
    ...createSupersedeService({ db }),

    async create(
      principal: Principal,
      input: CreateTraceRequest,
      options: CreateOptions = {},
    ): Promise<CreateResult> {
      requireScope(principal, 'write:traces');
      const body = parseInput(CreateTraceRequest, input);
      const { userId } = principal;
      // Every memory has a title: one drawn from the content when none was given (ADR 0028). Search,
      // the categoriser and the near-duplicate check read a typed title only.
      const title = body.title || null;
      const hash = contentHash(body.content);
      const needsSuggestion = leavesSomethingToSuggest(body);
      const supersedes = body.supersedes ?? [];

      // The model works (bounded, in its own thread) while the words are looked at: an identical
      // trace, the vocabulary, near-duplicates by words. Then categorise outside any transaction,
      // and write (ADR 0025: two transactions, and the answer waits for no HNSW insertion).
      const draft = { title, content: body.content };
      const embedding = deps.embedInline?.(draft) ?? Promise.resolve(null);
      const before = await db.asUser(userId, async (tx) => {
        const projectId = await deps.projects.forWrite(tx, principal, body.project, {
          create: options.createProject ?? false,
          isNew: true,
        });
        const existing = await tracesRepo.findActiveByHash(tx, userId, hash);
        if (existing) return { existing, projectId, userTags: [], byWords: [] };
        return {
          existing: undefined,
          projectId,
          userTags: needsSuggestion ? await vocabulary.of(tx, userId) : [],
          byWords: (await deps.findSimilarByWords?.(tx, userId, draft)) ?? [],
        };
      });
      if (before.existing) {
        void embedding; // bounded and aborted at its deadline; nothing waits for it
        // Content is unique per person across projects; a project-limited credential is not shown
        // a trace outside its project, only told the content exists.
        if (!visibleTo(principal, before.existing)) throw duplicateContent();
        const { id } = before.existing;
        if (!supersedes.length) return duplicate(before.existing);
        // The same memory, said again, replacing older ones: they are marked all the same.
        const row = await db.asUser(userId, async (tx) => {
          await supersedeIn(tx, principal, supersedes, id);
          return tracesRepo.findActive(tx, userId, id);
        });
        return duplicate(row ?? before.existing);
      }
      const vector = await embedding;
      const chosen = await resolveCategorisation(
        body,
        () => deps.categorise(draft, before.userTags, vector ?? undefined),
        log,
      );

      const fields: NewTrace = {
        title: title ?? titleFrom(body.content),
        titleGenerated: !title,
        content: body.content,
        contentHash: hash,
        ...chosen,
        source: options.source ?? (principal.via === 'session' ? 'web' : 'api'),
        createdAt: options.source === 'import' ? options.createdAt : undefined,
        projectId: before.projectId ?? null,
        pinned: body.pinned ?? false,
        origin: originOf(principal),
      };
      // A retry is needed only if the row that beat us was deleted before we could read it.
      for (let attempt = 0; attempt < 3; attempt++) {
        const result = await insertOnce(principal, fields, vector, before.byWords, supersedes);
        if (!result) continue;
        if (!result.created) {
          if (!visibleTo(principal, result.row)) throw duplicateContent();
          return duplicate(result.row);
        }
        vocabulary.changed(userId);
        if (vector && deps.storeVector) void deps.storeVector(result.row.id, userId, draft, vector);
        // Near-duplicates may lie in any project: a project-limited credential is not shown them.
        const similar = principal.project ? [] : result.similar;
        const outdated = principal.project ? [] : result.outdated;
        return {
          trace: {
            ...toTrace(result.row),
            ...(similar.length ? { similar } : {}),
            ...(outdated.length ? { possibly_outdated: outdated } : {}),
          },
          created: true,
        };
      }
      throw conflict('The trace changed while saving; try again');
    },

    /** One active trace. An assistant's read counts as an access (spec: access_count). */
    async get(principal: Principal, id: string, opts: ByIdOptions = {}): Promise<Trace> {
      requireScope(principal, 'read:traces');
      if (!isUuid(id)) throw notFound(TRACE_NOT_FOUND);
      // The same rules for the name as everywhere (trimmed, bounded): MCP fetch passes it as sent.
      const { project } = parseInput(ProjectScopeInput, { project: opts.project });
      const row = await db.asUser(principal.userId, async (tx) => {
        const scope = await deps.projects.scopeIn(tx, principal, project, { unknown: 'empty' });
        if (scope) {
          // Checked before the access is counted: a trace out of scope is not read at all.
          const found = await tracesRepo.findActive(tx, principal.userId, id);
          if (!found || !inScope(scope, found.project_id)) return undefined;
        }
        if (!isAssistant(principal)) return tracesRepo.findActive(tx, principal.userId, id);
        return tracesRepo.fetchCounted(tx, principal.userId, id);
      });
      if (!row) throw notFound(TRACE_NOT_FOUND);
      return toTrace(row);
    },

    /** Changes only the fields sent; updated_at moves. */
    async update(
      principal: Principal,
      id: string,
      input: UpdateTraceRequest,
      opts: Pick<ByIdOptions, 'createProject'> = {},
    ): Promise<UpdateTraceResponse> {
      requireScope(principal, 'write:traces');
      const body = parseInput(UpdateTraceRequest, input);
      if (!isUuid(id)) throw notFound(TRACE_NOT_FOUND);
      const { userId } = principal;
      const title = body.title === undefined ? undefined : body.title || null;
      // New words may make other memories outdated (ADR 0034): their vector, within create's
      // small budget, while the suggestion (if any) is made.
      const embedding =
        body.content === undefined
          ? Promise.resolve(null)
          : (deps.embedInline?.({ title: title ?? null, content: body.content }) ?? Promise.resolve(null));
      const suggested =
        body.category === 'auto' || body.importance === 'auto'
          ? await suggestFor(userId, id, { title, content: body.content })
          : undefined;
      const vector = await embedding;
      const result = await db.asUser(userId, async (tx) => {
        const current = await tracesRepo.findForUpdate(tx, userId, id);
        if (!current?.is_active || !visibleTo(principal, current)) throw notFound(TRACE_NOT_FOUND);
        const projectId = await deps.projects.forWrite(tx, principal, body.project, {
          create: opts.createProject ?? false,
          isNew: false,
        });
        const patch: TracePatch = {
          ...titlePatch(current, title, body.content),
          content: body.content,
          content_hash: body.content === undefined ? undefined : contentHash(body.content),
          category: body.category === 'auto' ? suggested?.category : body.category,
          importance: body.importance === 'auto' ? suggested?.importance : body.importance,
          tags: body.tags,
          project_id: projectId,
          pinned: body.pinned,
          updated_via: originOf(principal).via,
          updated_by_id: originOf(principal).id,
        };
        if (patch.content_hash && patch.content_hash !== current.content_hash) {
          const other = await tracesRepo.findActiveByHash(tx, userId, patch.content_hash);
          if (other) throw duplicateContent(other.id);
        }
        const row = await tracesRepo.update(tx, userId, id, patch).catch((err: unknown) => {
          throw isUniqueViolation(err) ? duplicateContent() : err;
        });
        if (!row) throw notFound(TRACE_NOT_FOUND);
        // History (ADR 0033): the version this edit replaced, in the same transaction.
        await recordEdits(tx, userId, [{ before: current, after: row }], originOf(principal));
        const textChanged = row.title !== current.title || row.content !== current.content;
        // As on create: with the vector in hand it is stored after the commit, the job its fallback.
        if (textChanged) await deps.onContentChanged?.(tx, row.id, { nudge: !(vector && deps.storeVector) });
        // Like create's: another project's traces are not named to a project-limited credential.
        const outdated =
          vector && row.content !== current.content && !principal.project
            ? ((await deps.findPossiblyOutdated?.(tx, userId, row.id, vector)) ?? [])
            : [];
        return {
          trace: { ...toTrace(row), ...(outdated.length ? { possibly_outdated: outdated } : {}) },
          textChanged,
        };
      });
      // The edit's vector is not embedded twice: stored if the queued text is the one it was made
      // from (else the queue embeds the trace, as it would have).
      if (vector && result.textChanged && deps.storeVector && body.content !== undefined) {
        void deps.storeVector(id, userId, { title: title ?? null, content: body.content }, vector);
      }
      return result.trace;
    },

    /** Soft delete: is_active becomes false, so the web app's Undo (restore) can bring it back. */
    async remove(principal: Principal, id: string): Promise<void> {
      requireScope(principal, 'write:traces');
      if (!isUuid(id)) throw notFound(TRACE_NOT_FOUND);
      const deleted = await db.asUser(principal.userId, async (tx) => {
        if (principal.project) {
          const found = await tracesRepo.findForUpdate(tx, principal.userId, id);
          if (!found || !visibleTo(principal, found)) return false;
        }
        return tracesRepo.softDelete(tx, principal.userId, id);
      });
      if (!deleted) throw notFound(TRACE_NOT_FOUND);
    },

    /**
     * Titles the traces earlier versions stored without one (ADR 0028), a slice per transaction,
     * every user's (so asSystem), their embeddings queued again in the bulk lane (the embedded text
     * is title and content). Resumable by nature: each run takes whatever is still untitled.
     * Returns how many were titled.
     */
    async backfillTitles(opts: { slice?: number; signal?: AbortSignal } = {}): Promise<number> {
      let titled = 0;
      while (!opts.signal?.aborted) {
        const done = await db.asSystem(async (tx) => {
          const rows = await tracesRepo.untitled(tx, opts.slice ?? 200);
          await tracesRepo.setGeneratedTitles(
            tx,
            rows.map((r) => ({ id: r.id, userId: r.user_id, title: titleFrom(r.content) })),
          );
          await deps.onContentChangedMany?.(
            tx,
            rows.map((r) => r.id),
          );
          return rows.length;
        });
        titled += done;
        if (!done) break;
        await nextTurn(); // other requests between slices
      }
      return titled;
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
        if (!current || !visibleTo(principal, current)) throw notFound(TRACE_NOT_FOUND);
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
      query: Omit<ListTracesQuery, 'sort' | 'exclude' | 'project' | 'project_only'> &
        Partial<Pick<ListTracesQuery, 'sort' | 'exclude' | 'project' | 'project_only'>>,
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
        scope: null,
        createdVia: query.created_by_kind ?? null,
      };
      const { rows, total } = await db.asUser(userId, async (tx) => {
        filter.scope = await deps.projects.scopeIn(tx, principal, query.project, {
          only: query.project_only,
          unknown: 'error',
        });
        const plain = !filter.term && !filter.tags && !filter.importance && !filter.exclude;
        if (plain && !filter.scope && !filter.createdVia) {
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

    /** The session briefing's candidates (ADR 0030), in the caller's transaction and scope. */
    briefingIn: (tx: Tx, userId: string, scope: ProjectScope) => briefingRepo.candidates(tx, userId, scope),

    /** For the projects service, in its transaction: counts per project, a deleted project's traces. */
    projectTraces: {
      counts: (tx: Tx, userId: string) => projectTracesRepo.counts(tx, userId),
      release: (tx: Tx, userId: string, projectId: string, mode: 'personal' | 'delete') =>
        projectTracesRepo.release(tx, userId, projectId, mode === 'delete'),
    },
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
