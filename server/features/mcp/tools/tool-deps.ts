import type { Principal } from '../../../http/principal.js';
import type { ContextService } from '../../context/context.service.js';
import type { SearchService } from '../../search/search.service.js';
import type { TracesService } from '../../traces/traces.service.js';

/** What every tool gets: the services it calls (the same the REST API calls) and the caller. */
export type ToolDeps = {
  traces: TracesService;
  search: Pick<SearchService, 'search'>;
  context: Pick<ContextService, 'briefing'>;
  principal: Principal;
  publicUrl: string;
  log: { error(obj: unknown, msg: string): void };
  /** The HTTP request's: aborted at its deadline or when the client hangs up (http/overload.ts). */
  signal?: AbortSignal;
};
