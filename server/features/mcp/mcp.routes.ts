import { type AuthInfo, createMcpHandler } from '@modelcontextprotocol/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { CredentialVerifier } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import { requestSignal } from '../../http/overload.js';
import type { Principal } from '../../http/principal.js';
import { mcpResourceUrl } from '../oauth/server/metadata.js';
import type { ContextService } from '../context/context.service.js';
import type { SearchService } from '../search/search.service.js';
import type { TracesService } from '../traces/traces.service.js';
import { checkInitializeParams } from './initialize-params.js';
import { mcpErrorHandler } from './jsonrpc-errors.js';
import { authenticateMcp, checkToolScopes } from './mcp-auth.js';
import { createMcpServerFactory, PRINCIPAL_KEY, SIGNAL_KEY } from './mcp-server.js';
import { createRequestGuard } from './request-guard.js';

type Opts = {
  traces: TracesService;
  search: SearchService;
  context: ContextService;
  verifiers: readonly CredentialVerifier[];
  publicUrl: string;
  version: string;
};

/**
 * The largest legitimate POST is a create or update of a 20,000-character note: even with every
 * character JSON-escaped as a surrogate pair (12 bytes) it stays under 256 KiB. Twice that leaves
 * room for the JSON-RPC envelope and still refuses anything absurd before parsing it.
 */
export const MCP_BODY_LIMIT_BYTES = 512 * 1024;

/**
 * `/mcp`: MCP over Streamable HTTP, stateless (docs/decisions/0011-mcp-transport.md). One handler
 * serves revision 2026-07-28 and, through the SDK's stateless legacy leg, the 2025-era initialize
 * handshake. In front of it, in order: Host/Origin guard → credential → (POST) tool scopes.
 */
export const mcpRoutes: FastifyPluginAsync<Opts> = async (app, opts) => {
  const { publicUrl, verifiers } = opts;
  const guard = createRequestGuard(publicUrl);
  const handler = createMcpHandler(
    createMcpServerFactory({
      traces: opts.traces,
      search: opts.search,
      context: opts.context,
      publicUrl,
      version: opts.version,
      log: app.log,
    }),
    {
      legacy: 'stateless',
      maxRequestBodySize: MCP_BODY_LIMIT_BYTES,
      // Rejected requests (bad protocol version, malformed envelope) are answered by the SDK;
      // the log only needs to know they happened.
      onerror: (err) => app.log.debug({ err: err.message }, 'MCP request rejected'),
    },
  );
  app.addHook('onClose', async () => handler.close());

  async function checkHostAndOrigin(request: FastifyRequest) {
    const verdict = guard({ host: request.host, origin: request.headers.origin });
    if (!verdict.ok) throw new AppError(403, 'forbidden', verdict.message);
  }

  async function authenticate(request: FastifyRequest) {
    request.principal = await authenticateMcp(request, verifiers, publicUrl);
  }

  async function serve(request: FastifyRequest, reply: FastifyReply) {
    const principal = request.principal as Principal;
    if (request.method === 'POST') {
      checkToolScopes(request.body, principal, publicUrl);
      checkInitializeParams(request.body);
    }

    // The client going away aborts the exchange (the SDK listens on the request's signal).
    const aborted = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) aborted.abort();
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name.startsWith(':')) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    // Fastify has read and parsed the body (with its limit); the SDK takes it as parsedBody.
    for (const name of ['content-length', 'transfer-encoding', 'content-encoding']) headers.delete(name);
    // No query string: `?api_key=` must not travel further than the authentication step.
    const webRequest = new Request(mcpResourceUrl(publicUrl), {
      method: request.method,
      headers,
      signal: aborted.signal,
    });
    const authInfo: AuthInfo = {
      token: '', // never handed on: tools act as the principal, not with the credential
      clientId: principal.clientId ?? principal.credentialId,
      scopes: [...principal.scopes],
      resource: new URL(mcpResourceUrl(publicUrl)),
      extra: { [PRINCIPAL_KEY]: principal, [SIGNAL_KEY]: requestSignal(request) },
    };
    const response = await handler.fetch(webRequest, {
      authInfo,
      ...(request.body !== undefined ? { parsedBody: request.body } : {}),
    });
    return sendResponse(reply, response, request.body);
  }

  /**
   * Answers that end with the exchange (every POST except a subscription stream) are read whole
   * and sent in one write with a Content-Length: piping a web stream costs a socket write per chunk
   * and showed up as a large share of a call's CPU time in `npm run bench -- mcp`. Streams that
   * stay open (2026-07-28 `subscriptions/listen`) are piped as they come.
   */
  async function sendResponse(reply: FastifyReply, response: Response, body: unknown) {
    const staysOpen =
      body !== null &&
      typeof body === 'object' &&
      (body as { method?: unknown }).method === 'subscriptions/listen';
    if (staysOpen || !response.body) return reply.send(response);
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      reply.header(name, value);
    });
    return reply.send(Buffer.from(await response.arrayBuffer()));
  }

  app.route({
    method: ['POST', 'GET', 'DELETE'],
    url: '/mcp',
    bodyLimit: MCP_BODY_LIMIT_BYTES,
    errorHandler: mcpErrorHandler,
    onRequest: [checkHostAndOrigin, authenticate],
    schema: { hide: true },
    handler: serve,
  });
};
