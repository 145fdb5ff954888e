// oauth/server/ — the OAuth 2.1 authorization server (docs/decisions/0010, 0016). It owns discovery
// metadata, /oauth/authorize, /oauth/token, /oauth/register (DCR), /oauth/revoke, client
// authentication, client metadata documents (CIMD), and pending requests, codes and tokens
// (grants.repo). Callers: MCP clients over HTTP (this file); the MCP endpoint, through
// verifier.ts (services.verifiers) and metadata.ts (its WWW-Authenticate header); the consent step,
// through grants.ts. Client rows it reads through ../clients/client-records.ts.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { authorizationServerMetadata, protectedResourceMetadata } from './metadata.js';
import type { OAuthServices } from '../oauth.service.js';
import { OAuthProtocolError, registerOAuthErrorHandler, sendAuthorizePageError } from './oauth-errors.js';

const FORM = 'application/x-www-form-urlencoded';
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * The protocol surface: discovery documents, /oauth/authorize, /oauth/token, /oauth/revoke and
 * /oauth/register. An encapsulated plugin, so its form-body parser, RFC-shaped error handler and
 * CORS headers apply to these routes only.
 */
export const oauthServerRoutes: FastifyPluginAsync<{ oauth: OAuthServices }> = async (app, { oauth }) => {
  const { publicUrl } = oauth;
  registerOAuthErrorHandler(app);

  // RFC 6749 §3.2 bodies are form-encoded; Fastify parses only JSON by default. A repeated
  // parameter is an error (§3.1), and the result has no prototype to pollute.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_req, raw, done) => {
    const out: Record<string, string> = Object.create(null);
    for (const [key, value] of new URLSearchParams(raw as string)) {
      if (Object.hasOwn(out, key)) {
        return done(new OAuthProtocolError('invalid_request', `The ${key} parameter is repeated`), undefined);
      }
      out[key] = value;
    }
    return done(null, out);
  });

  // Machine endpoints carry no cookies and no ambient authority: any origin may call them
  // (browser-based MCP clients and inspectors do).
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
  });
  for (const url of ['/oauth/*', '/.well-known/*']) {
    app.options(url, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .status(204)
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'authorization, content-type, mcp-protocol-version')
        .header('access-control-max-age', '86400')
        .send(),
    );
  }

  const formBody = (request: FastifyRequest): Record<string, string> => {
    const type = String(request.headers['content-type'] ?? '');
    if (!type.toLowerCase().startsWith(FORM)) {
      throw new OAuthProtocolError('invalid_request', `Send the parameters as ${FORM}`);
    }
    return (request.body as Record<string, string> | undefined) ?? {};
  };
  const json = (reply: FastifyReply, body: unknown) =>
    reply.header('cache-control', 'public, max-age=300').send(body);

  // ---- Discovery: RFC 8414 and RFC 9728 (path-inserted variants when PUBLIC_URL has a path) ----
  const path = new URL(publicUrl).pathname.replace(/\/$/, '');
  const asMetadata = authorizationServerMetadata(publicUrl, oauth.dynamicRegistration);
  const prMetadata = protectedResourceMetadata(publicUrl);
  const asPaths = new Set([
    '/.well-known/oauth-authorization-server',
    `/.well-known/oauth-authorization-server${path}`,
  ]);
  const prPaths = new Set([
    '/.well-known/oauth-protected-resource',
    `/.well-known/oauth-protected-resource${path}`,
    `/.well-known/oauth-protected-resource${path}/mcp`,
  ]);
  for (const url of asPaths)
    app.get(url, { schema: { tags: ['oauth'], summary: 'RFC 8414 metadata' } }, (_q, r) =>
      json(r, asMetadata),
    );
  for (const url of prPaths)
    app.get(url, { schema: { tags: ['oauth'], summary: 'RFC 9728 protected resource metadata' } }, (_q, r) =>
      json(r, prMetadata),
    );

  app.get(
    '/oauth/authorize',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Authorization endpoint: validates, then sends the browser to /consent',
      },
    },
    async (request, reply) => {
      const outcome = await oauth.authorize.authorize(request.query as Record<string, unknown>, request.ip);
      if (outcome.kind === 'show_error') return sendAuthorizePageError(request, reply, outcome.error);
      return reply.header('cache-control', 'no-store').redirect(outcome.location, 302);
    },
  );

  app.post(
    '/oauth/token',
    { schema: { tags: ['oauth'], summary: 'Token endpoint: authorization_code and refresh_token grants' } },
    async (request, reply) => {
      const answer = await oauth.tokens.exchange(request.headers, formBody(request));
      return reply.status(answer.status).headers(answer.headers).send(answer.body);
    },
  );

  app.post(
    '/oauth/revoke',
    { schema: { tags: ['oauth'], summary: 'RFC 7009 token revocation' } },
    async (request, reply) => {
      await oauth.tokens.revoke(request.headers.authorization, formBody(request));
      return reply.status(200).header('cache-control', 'no-store').send();
    },
  );

  app.post(
    '/oauth/register',
    {
      schema: {
        tags: ['oauth'],
        summary: 'RFC 7591 dynamic client registration (OAUTH_DYNAMIC_REGISTRATION)',
      },
    },
    async (request, reply) => {
      if (!oauth.dynamicRegistration) {
        throw new OAuthProtocolError(
          'not_found',
          'Dynamic client registration is turned off on this server (OAUTH_DYNAMIC_REGISTRATION=false); create a client on the OAuth Clients page instead',
          404,
        );
      }
      const body = await oauth.register.register(request.body ?? {}, request.ip);
      return reply.status(201).header('cache-control', 'no-store').send(body);
    },
  );
};
