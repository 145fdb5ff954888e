import { type McpRequestContext, McpServer } from '@modelcontextprotocol/server';
import { hasScope, type Principal } from '../../http/principal.js';
import type { ContextService } from '../context/context.service.js';
import type { SearchService } from '../search/search.service.js';
import type { TracesService } from '../traces/traces.service.js';
import { registerPrompts, serverInstructions } from './instructions.js';
import { registerReadTools } from './tools/read.tools.js';
import { registerWriteTools } from './tools/write.tools.js';

export type McpServerDeps = {
  traces: TracesService;
  search: Pick<SearchService, 'search'>;
  context: Pick<ContextService, 'briefing'>;
  publicUrl: string;
  version: string;
  log: { error(obj: unknown, msg: string): void };
};

/** Where the route leaves the caller for the factory: AuthInfo.extra, which the SDK passes through. */
export const PRINCIPAL_KEY = 'cairnPrincipal';
/** The same way in for the request's abort signal (a search stops when the request is abandoned). */
export const SIGNAL_KEY = 'cairnSignal';

/**
 * A fresh MCP server per request (stateless: any instance answers any request), holding only the
 * tools, prompts and instructions this caller's scopes allow. Every tool calls the same services
 * as the REST API.
 */
export function createMcpServerFactory(deps: McpServerDeps) {
  return (ctx: McpRequestContext): McpServer => {
    const principal = ctx.authInfo?.extra?.[PRINCIPAL_KEY] as Principal | undefined;
    // The route authenticates before the SDK runs; reaching here without a caller is a bug.
    if (!principal) throw new Error('MCP request reached the server factory unauthenticated');
    const canWrite = hasScope(principal, 'write:traces');
    const server = new McpServer(
      { name: 'cairn', title: 'Cairn memory', version: deps.version, websiteUrl: deps.publicUrl },
      {
        instructions: serverInstructions(canWrite),
        // Declared up front so a caller whose scopes allow no tool still gets an empty tools/list.
        // listChanged false: a stateless server has no channel to announce changes, and a
        // credential's tool list only changes when its scopes do (a new connection).
        capabilities: { tools: { listChanged: false }, prompts: { listChanged: false } },
      },
    );
    const toolDeps = {
      traces: deps.traces,
      search: deps.search,
      context: deps.context,
      principal,
      publicUrl: deps.publicUrl,
      log: deps.log,
      signal: ctx.authInfo?.extra?.[SIGNAL_KEY] as AbortSignal | undefined,
    };
    registerReadTools(server, toolDeps);
    registerWriteTools(server, toolDeps);
    registerPrompts(server, canWrite, toolDeps);
    return server;
  };
}
