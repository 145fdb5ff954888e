import { createTraceCreation } from './create.service.js';
import { createTraceEdits } from './edit.service.js';
import { createTraceReads } from './read.service.js';
import type { TracesServiceDeps } from './service-deps.js';
import { createSupersedeService } from './supersede.js';
import { createTraceUpkeep } from './upkeep.service.js';

/** The briefing's candidate rows, for the context service (which may not import the repo). */
export type { BriefingRow } from './briefing.repo.js';
export type { ByIdOptions, TracesServiceDeps } from './service-deps.js';
export type { CreateOptions, CreateResult } from './create.service.js';
export { inScope } from './read.service.js';
export { DELETED_TRACE_RETENTION_DAYS } from './upkeep.service.js';
export { TRACE_NOT_FOUND } from './trace-visibility.js';
export { toTrace } from './to-trace.js';

/**
 * Traces: create, read, edit, soft delete, restore, list, and access counting. One object for
 * routes, MCP, the CLI and the other features; each use case lives in its own file.
 */
export function createTracesService(deps: TracesServiceDeps) {
  return {
    /** Superseding (ADR 0034): supersede(older ids, by) and markCurrent(id), in supersede.ts. */
    ...createSupersedeService({ db: deps.db }),
    /** create, in create.service.ts. */
    ...createTraceCreation(deps),
    /** update, remove, restore, in edit.service.ts. */
    ...createTraceEdits(deps),
    /** get, list, readPage, recordAccess(In), briefingIn, projectTraces, in read.service.ts. */
    ...createTraceReads(deps),
    /** backfillTitles, deleteExpired, in upkeep.service.ts. */
    ...createTraceUpkeep(deps),
  };
}

export type TracesService = ReturnType<typeof createTracesService>;
