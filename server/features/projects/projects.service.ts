import {
  ALL_PROJECTS,
  CreateProjectRequest,
  type DeleteProjectResponse,
  PERSONAL_ONLY,
  PROJECT_LIMITS,
  type Project,
  type ProjectList,
  UpdateProjectRequest,
} from '../../../contract/projects.js';
import { type Db, isUuid, type Tx } from '../../db/db.js';
import { isUniqueViolation } from '../../db/sql.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { type Principal, requireScope, requireWholeAccount } from '../../http/principal.js';
import { parseInput } from '../../http/validation.js';
import { type ProjectRow, projectsRepo } from './projects.repo.js';

/**
 * Which traces a read reaches (ADR 0029). null: every trace of the person. Otherwise the traces of
 * one project, and the personal ones too when `withPersonal`.
 */
export type ProjectScope = { projectId: string; withPersonal: boolean } | null;

/** A project that does not exist yet: its scope holds the personal traces only. */
const NO_PROJECT = '00000000-0000-0000-0000-000000000000';

export const PROJECT_NOT_FOUND = 'Project not found';

/** What the traces feature does for projects, inside the projects service's transaction. */
export type ProjectTraces = {
  /** A deleted project's active traces: made personal, or deleted (restorable). Returns how many. */
  release(tx: Tx, userId: string, projectId: string, mode: 'personal' | 'delete'): Promise<number>;
  /** Active traces per project id, and under `null` the personal ones. */
  counts(tx: Tx, userId: string): Promise<Map<string | null, number>>;
};

export function createProjectsService(deps: { db: Db; traces: ProjectTraces }) {
  const { db } = deps;

  async function toProjects(tx: Tx, userId: string, rows: ProjectRow[]) {
    const counts = await deps.traces.counts(tx, userId);
    return {
      projects: rows.map((r) => toProject(r, counts.get(r.id) ?? 0)),
      personal: counts.get(null) ?? 0,
    };
  }

  /** Creates a project in the caller's transaction; the cap and the unique name are checked here. */
  async function insertIn(tx: Tx, userId: string, name: string, description: string | null) {
    await projectsRepo.lockOwner(tx, userId);
    if ((await projectsRepo.count(tx, userId)) >= PROJECT_LIMITS.perUserMax) {
      throw conflict(
        `You can have at most ${PROJECT_LIMITS.perUserMax} projects. Delete one you no longer use to create another.`,
        'project_limit_reached',
      );
    }
    const row = await projectsRepo.insert(tx, userId, { name, description });
    if (!row) throw duplicateName(name);
    return row;
  }

  /** A project-limited credential may only ever name its own project. */
  function checkLimited(principal: Principal, name: string, path: string): void {
    const own = principal.project;
    if (own && own.name.toLowerCase() !== name.toLowerCase()) {
      throw new AppError(403, 'project_limited', `This credential is limited to project "${own.name}"`, [
        { path, message: `must be "${own.name}" or left out` },
      ]);
    }
  }

  return {
    async list(principal: Principal, opts: { archived?: boolean | undefined } = {}): Promise<ProjectList> {
      requireScope(principal, 'read:traces');
      const { userId } = principal;
      return db.asUser(userId, async (tx) => {
        const own = principal.project;
        const rows = own
          ? [await projectsRepo.find(tx, userId, own.id)].filter((r): r is ProjectRow => !!r)
          : await projectsRepo.list(tx, userId, opts.archived ?? false);
        const { projects, personal } = await toProjects(tx, userId, rows);
        // A project-limited credential sees nothing of the personal traces, not even their number.
        return { projects, personal_count: own ? 0 : personal };
      });
    },

    async create(principal: Principal, input: CreateProjectRequest): Promise<Project> {
      requireScope(principal, 'write:traces');
      requireWholeAccount(principal);
      const body = parseInput(CreateProjectRequest, input);
      return db.asUser(principal.userId, async (tx) => {
        const row = await insertIn(tx, principal.userId, body.name, body.description || null);
        return toProject(row, 0);
      });
    },

    /** Rename, describe, archive (archived: true) or bring back (archived: false). */
    async update(principal: Principal, id: string, input: UpdateProjectRequest): Promise<Project> {
      requireScope(principal, 'write:traces');
      requireWholeAccount(principal);
      const body = parseInput(UpdateProjectRequest, input);
      if (!isUuid(id)) throw notFound(PROJECT_NOT_FOUND);
      const { userId } = principal;
      return db.asUser(userId, async (tx) => {
        const row = await projectsRepo
          .update(tx, userId, id, {
            name: body.name,
            description: body.description === undefined ? undefined : body.description || null,
            archived: body.archived,
          })
          .catch((err: unknown) => {
            throw isUniqueViolation(err) && body.name ? duplicateName(body.name) : err;
          });
        if (!row) throw notFound(PROJECT_NOT_FOUND);
        const counts = await deps.traces.counts(tx, userId);
        return toProject(row, counts.get(row.id) ?? 0);
      });
    },

    /**
     * Deletes a project; its traces become personal or are deleted (as any trace is: restorable
     * for 30 days, then personal), as the caller chose. Keys limited to it are deleted with it.
     */
    async remove(
      principal: Principal,
      id: string,
      mode: 'personal' | 'delete',
    ): Promise<DeleteProjectResponse> {
      requireScope(principal, 'write:traces');
      requireWholeAccount(principal);
      if (!isUuid(id)) throw notFound(PROJECT_NOT_FOUND);
      const { userId } = principal;
      return db.asUser(userId, async (tx) => {
        const row = await projectsRepo.find(tx, userId, id);
        if (!row) throw notFound(PROJECT_NOT_FOUND);
        const traces = await deps.traces.release(tx, userId, id, mode);
        await projectsRepo.remove(tx, userId, id);
        return { deleted: true as const, traces };
      });
    },

    /**
     * The project a write names, in the caller's transaction: `undefined` leaves it as it is,
     * null is personal. A project-limited credential always writes to its own project. An unknown
     * name is created when `create` (an assistant naming its workspace), else a 400 naming `path`.
     */
    async forWrite(
      tx: Tx,
      principal: Principal,
      name: string | null | undefined,
      opts: { create: boolean; path?: string; isNew: boolean },
    ): Promise<string | null | undefined> {
      const path = opts.path ?? 'project';
      const own = principal.project;
      if (own) {
        if (name) checkLimited(principal, name, path);
        else if (name === null) checkLimited(principal, '', path);
        return opts.isNew || name ? own.id : undefined;
      }
      if (name === undefined || name === null) return name;
      const found = await projectsRepo.findByName(tx, principal.userId, name);
      if (found) return found.id;
      if (!opts.create) throw unknownProject(name, path);
      try {
        return (await insertIn(tx, principal.userId, name, null)).id;
      } catch (err) {
        // Created by a concurrent request since we looked (the insert's ON CONFLICT saw it): use it.
        if (!(err instanceof AppError && err.code === 'duplicate_project')) throw err;
        const again = await projectsRepo.findByName(tx, principal.userId, name);
        if (!again) throw err;
        return again.id;
      }
    },

    /**
     * The scope of a read (list, search, context) in the caller's transaction. A project-limited
     * credential reads its project only, whatever it asks (naming another, or personal only, is
     * refused). `*` or nothing: every trace. PERSONAL_ONLY (the empty name): the personal traces.
     * A name: that project and the personal traces (only the project's with `only`). An unknown
     * name is a 400 naming `path`, or, with `unknown: 'empty'` (an assistant in a workspace that
     * has no project yet), the personal traces.
     */
    async scopeIn(
      tx: Tx,
      principal: Principal,
      name: string | undefined,
      opts: { only?: boolean | undefined; unknown: 'error' | 'empty'; path?: string },
    ): Promise<ProjectScope> {
      const path = opts.path ?? 'project';
      const own = principal.project;
      if (own) {
        // Personal only is another scope too: a limited credential sees no personal trace.
        if (name !== undefined && name !== ALL_PROJECTS) checkLimited(principal, name, path);
        return { projectId: own.id, withPersonal: false };
      }
      // The personal traces only: no project's id, with the personal ones (no new SQL for it).
      if (name === PERSONAL_ONLY) return { projectId: NO_PROJECT, withPersonal: true };
      if (!name || name === ALL_PROJECTS) return null;
      const found = await projectsRepo.findByName(tx, principal.userId, name);
      if (!found && opts.unknown === 'error') throw unknownProject(name, path);
      return { projectId: found?.id ?? NO_PROJECT, withPersonal: !opts.only };
    },

    /** The names of the person's projects in use (not archived): what a grant may be limited to. */
    async namesInUse(tx: Tx, userId: string): Promise<string[]> {
      return (await projectsRepo.list(tx, userId, false)).map((r) => r.name);
    },

    /**
     * The project a grant is limited to, chosen by name on the consent screen, in the caller's
     * transaction: one in use, else a 400 naming `path` (an archived one is offered nowhere, and
     * a typo must not silently widen or narrow what the assistant sees).
     */
    async inUseByName(
      tx: Tx,
      userId: string,
      name: string,
      path = 'project',
    ): Promise<{ id: string; name: string }> {
      const found = await projectsRepo.findByName(tx, userId, name);
      if (!found) throw unknownProject(name, path);
      if (found.archived_at) {
        throw new AppError(400, 'project_archived', `Project "${found.name}" is archived`, [
          { path, message: 'is archived: bring it back under Projects first, or choose another' },
        ]);
      }
      return { id: found.id, name: found.name };
    },

    /** The project's name of an id (for a key's listing); undefined when there is none. */
    async nameOf(tx: Tx, userId: string, id: string): Promise<string | undefined> {
      return (await projectsRepo.find(tx, userId, id))?.name;
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;

function toProject(row: ProjectRow, traceCount: number): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    archived: row.archived_at !== null,
    archived_at: row.archived_at?.toISOString() ?? null,
    trace_count: traceCount,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function duplicateName(name: string): AppError {
  return new AppError(409, 'duplicate_project', `A project named "${name}" already exists`, [
    { path: 'name', message: 'is already the name of a project (names ignore case)' },
  ]);
}

function unknownProject(name: string, path: string): AppError {
  return new AppError(400, 'unknown_project', `There is no project named "${name}"`, [
    { path, message: 'names no project: create it first (POST /api/projects)' },
  ]);
}
