import { z } from 'zod';
import {
  type ListTracesQuery,
  ProjectFilter,
  REPLACES_MAX,
  type Trace,
  type TraceDetail,
  type TraceListResponse,
} from '../../../contract/traces.js';
import { isUuid, type Tx } from '../../db/db.js';
import { notFound } from '../../http/errors.js';
import { isAssistant, type Principal, requireScope } from '../../http/principal.js';
import { parseInput } from '../../http/validation.js';
import type { ProjectScope } from '../projects/projects.service.js';
import { briefingRepo } from './briefing.repo.js';
import { listRepo, type MatchFilter } from './list.repo.js';
import { projectTracesRepo } from './project-traces.repo.js';
import { supersedeRepo } from './supersede.repo.js';
import type { ByIdOptions, TracesServiceDeps } from './service-deps.js';
import { toTrace } from './to-trace.js';
import { TRACE_NOT_FOUND } from './trace-visibility.js';
import { tracesRepo } from './traces.repo.js';

const ProjectScopeInput = z.object({ project: ProjectFilter.optional() });

/** Whether a trace is within a read's scope (ADR 0029); null reaches every trace. */
export function inScope(scope: ProjectScope, projectId: string | null): boolean {
  if (!scope) return true;
  return projectId === scope.projectId || (scope.withPersonal && projectId === null);
}

/** Reads: one trace, the list, the export's pages, access counting, the briefing's candidates. */
export function createTraceReads(deps: TracesServiceDeps) {
  const { db } = deps;

  async function recordAccessIn(tx: Tx, principal: Principal, ids: readonly string[]): Promise<number> {
    if (!isAssistant(principal)) return 0;
    const unique = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    return tracesRepo.incrementAccess(tx, principal.userId, unique);
  }

  return {
    /** One active trace. An assistant's read counts as an access (spec: access_count). */
    async get(principal: Principal, id: string, opts: ByIdOptions = {}): Promise<TraceDetail> {
      requireScope(principal, 'read:traces');
      if (!isUuid(id)) throw notFound(TRACE_NOT_FOUND);
      // The same rules for the name as everywhere (trimmed, bounded): MCP fetch passes it as sent.
      const { project } = parseInput(ProjectScopeInput, { project: opts.project });
      const read = await db.asUser(principal.userId, async (tx) => {
        const scope = await deps.projects.scopeIn(tx, principal, project, { unknown: 'empty' });
        if (scope) {
          // Checked before the access is counted: a trace out of scope is not read at all.
          const found = await tracesRepo.findActive(tx, principal.userId, id);
          if (!found || !inScope(scope, found.project_id)) return undefined;
        }
        const row = isAssistant(principal)
          ? await tracesRepo.fetchCounted(tx, principal.userId, id)
          : await tracesRepo.findActive(tx, principal.userId, id);
        if (!row) return undefined;
        // What it replaced (ADR 0034), in the same scope as the trace itself was read.
        const replaces = await supersedeRepo.replacedBy(tx, principal.userId, row.id, scope, REPLACES_MAX);
        return { row, replaces };
      });
      if (!read) throw notFound(TRACE_NOT_FOUND);
      return { ...toTrace(read.row, principal), replaces: read.replaces };
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
        traces: rows.map((row) => toTrace(row, principal)),
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
      return rows.map((row) => toTrace(row, principal));
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
