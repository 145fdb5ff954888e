import { type Trace, UpdateTraceRequest, type UpdateTraceResponse } from '../../../contract/traces.js';
import { isUuid } from '../../db/db.js';
import { isUniqueViolation } from '../../db/sql.js';
import { notFound } from '../../http/errors.js';
import { type Principal, requireScope } from '../../http/principal.js';
import { parseInput } from '../../http/validation.js';
import { resolveCategorisation } from './categorise.js';
import { contentHash } from './content-hash.js';
import { recordEdits } from './history.service.js';
import { originOf } from './provenance.js';
import type { ByIdOptions, TracesServiceDeps } from './service-deps.js';
import { titleFrom } from './title.js';
import { toTrace } from './to-trace.js';
import { duplicateContent, restoreConflict } from './trace-errors.js';
import { TRACE_NOT_FOUND, visibleTo } from './trace-visibility.js';
import { type TracePatch, type TraceRow, tracesRepo } from './traces.repo.js';

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

/** Edits, the soft delete and its undo. */
export function createTraceEdits(deps: TracesServiceDeps) {
  const { db, log } = deps;

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

  return {
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
          trace: { ...toTrace(row, principal), ...(outdated.length ? { possibly_outdated: outdated } : {}) },
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

    /** Undoes a delete; restoring an active trace changes nothing. */
    async restore(principal: Principal, id: string): Promise<Trace> {
      requireScope(principal, 'write:traces');
      if (!isUuid(id)) throw notFound(TRACE_NOT_FOUND);
      const { userId } = principal;
      return db.asUser(userId, async (tx) => {
        const current = await tracesRepo.findForUpdate(tx, userId, id);
        if (!current || !visibleTo(principal, current)) throw notFound(TRACE_NOT_FOUND);
        if (current.is_active) return toTrace(current, principal);
        const other = await tracesRepo.findActiveByHash(tx, userId, current.content_hash);
        if (other) throw restoreConflict(other.id);
        const row = await tracesRepo.restore(tx, userId, id).catch((err: unknown) => {
          throw isUniqueViolation(err) ? restoreConflict() : err;
        });
        if (!row) throw notFound(TRACE_NOT_FOUND);
        return toTrace(row, principal);
      });
    },
  };
}
