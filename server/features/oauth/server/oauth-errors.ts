import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../http/errors.js';

/** The error codes of RFC 6749 §4.1.2.1 and §5.2, RFC 7591 §3.2.2, RFC 8707 §2. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'server_error'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'not_found';

/** An error the protocol endpoints answer as `{error, error_description}` (not the API's ErrorBody). */
export class OAuthProtocolError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export function sendOAuthError(reply: FastifyReply, err: OAuthProtocolError): FastifyReply {
  return reply
    .status(err.status)
    .headers({ 'cache-control': 'no-store', pragma: 'no-cache', ...err.headers })
    .send({ error: err.error, error_description: err.description });
}

/**
 * The error handler of the /oauth/* plugin: every failure, including Fastify's own (bad JSON, an
 * unsupported content type, a body too large), becomes an RFC-shaped 4xx. A bug is a 500
 * server_error without details, logged.
 */
export function registerOAuthErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | OAuthProtocolError | AppError, request: FastifyRequest, reply) => {
    if (err instanceof OAuthProtocolError) return sendOAuthError(reply, err);
    const status = err instanceof AppError ? err.status : (err.statusCode ?? 500);
    const fail = (description: string, code = 400, headers: Record<string, string> = {}) =>
      sendOAuthError(reply, new OAuthProtocolError('invalid_request', description, code, headers));
    if (status === 413) return fail('Request body is too large', 413);
    if (status === 415) return fail('Unsupported content type; send application/x-www-form-urlencoded');
    if (status === 429)
      return fail(
        'Too many requests, try again later',
        429,
        err instanceof AppError ? (err.headers ?? {}) : {},
      );
    if (status >= 400 && status < 500) return fail(err.message || 'Invalid request');
    request.log.error({ err }, 'OAuth endpoint failed');
    return sendOAuthError(reply, new OAuthProtocolError('server_error', 'Internal server error', 500));
  });
}

/** Adds `params` to a redirect URI, keeping its own query (RFC 6749 §3.1.2). */
export function withQuery(uri: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined) url.searchParams.append(key, value);
  }
  return url.toString();
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * RFC 6749 §4.1.2.1: while the client or its redirect URI is unknown, the error is shown to the
 * person, never sent to an unverified redirect URI. Browsers get a small page, programs JSON.
 */
export function sendAuthorizePageError(
  request: FastifyRequest,
  reply: FastifyReply,
  err: OAuthProtocolError,
) {
  reply.status(err.status).header('cache-control', 'no-store');
  if (!String(request.headers.accept ?? '').includes('text/html')) {
    return reply.send({ error: err.error, error_description: err.description });
  }
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cairn: authorization failed</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1 style="font-size: 1.4rem">This connection request cannot continue</h1>
<p>${escapeHtml(err.description)}</p>
<p style="color: #555">Error code: <code>${escapeHtml(err.error)}</code>. Close this tab and check the connector settings in your assistant.</p>
</body></html>`;
  return reply.type('text/html; charset=utf-8').send(html);
}
