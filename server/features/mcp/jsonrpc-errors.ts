import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';

/**
 * Every answer from /mcp is JSON-RPC, errors included, so an MCP client can show its message
 * (JSON-RPC 2.0 §5.1 codes; -32000..-32099 are ours). The REST API's `{error, code}` body would
 * read as a malformed response to an MCP client.
 */
export const JSONRPC = {
  parseError: -32700,
  invalidRequest: -32600,
  invalidParams: -32602,
  internalError: -32603,
  /** Cairn: no valid credential (HTTP 401). */
  unauthorized: -32001,
  /** Cairn: the credential lacks a permission, or the Host/Origin is not ours (HTTP 403). */
  forbidden: -32003,
} as const;

export type JsonRpcErrorBody = {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string; data?: unknown };
};

export function jsonRpcError(
  code: number,
  message: string,
  id: string | number | null = null,
  data?: unknown,
): JsonRpcErrorBody {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}

/** The id of a single JSON-RPC request body, to echo in an error answer (null for batches). */
export function requestIdOf(body: unknown): string | number | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * The /mcp route's error handler: hook and parser failures (401/403 from the guards, 413 body
 * too large, 415 wrong content type, 400 unparsable JSON) become JSON-RPC errors with the same
 * HTTP status. Only a genuine fault is a 500, and its details stay in the log.
 */
export function mcpErrorHandler(err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const id = requestIdOf(request.body);
  if (err instanceof AppError) {
    if (err.headers) reply.headers(err.headers);
    const code =
      err.status === 401
        ? JSONRPC.unauthorized
        : err.status === 403
          ? JSONRPC.forbidden
          : err.code === 'validation_failed'
            ? JSONRPC.invalidParams
            : JSONRPC.invalidRequest;
    // A refused credential carries Cairn's own code too (api_key_expired, unauthorized), so a
    // client can tell an expired key from a wrong one without reading the message.
    const data = err.status === 401 ? { code: err.code } : undefined;
    return reply.status(err.status).send(jsonRpcError(code, err.message, id, data));
  }
  const status = err.statusCode ?? 500;
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return reply
      .status(400)
      .send(jsonRpcError(JSONRPC.parseError, 'Parse error: the body is not valid JSON'));
  }
  if (status === 413) {
    return reply.status(413).send(jsonRpcError(JSONRPC.invalidRequest, 'Request body is too large'));
  }
  if (status === 415) {
    return reply
      .status(415)
      .send(
        jsonRpcError(JSONRPC.invalidRequest, 'Unsupported Media Type: send Content-Type: application/json'),
      );
  }
  if (status >= 400 && status < 500) {
    return reply.status(status).send(jsonRpcError(JSONRPC.invalidRequest, err.message, id));
  }
  request.log.error({ err }, 'MCP request failed');
  return reply.status(500).send(jsonRpcError(JSONRPC.internalError, 'Internal error', id));
}
