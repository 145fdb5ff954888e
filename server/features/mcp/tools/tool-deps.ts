import type { Principal } from '../../../http/principal.js';
import type { TracesService } from '../../traces/traces.service.js';

/** What every tool gets: the services it calls (the same the REST API calls) and the caller. */
export type ToolDeps = {
  traces: TracesService;
  principal: Principal;
  publicUrl: string;
  log: { error(obj: unknown, msg: string): void };
};
