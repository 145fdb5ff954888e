import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../contract/errors.js';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError } from '../db/unavailable.js';

/** The one error type services throw. `code` is stable for programs; `message` is for people. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorBody['details'],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: ErrorBody['details']) =>
  new AppError(400, 'invalid_request', message, details);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message: string, code = 'forbidden') => new AppError(403, code, message);
export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);

/**
 * The one 400 for input that breaks its schema, wherever it was checked (a route's zod schema or a
 * service's parseInput in ./validation.ts): code `validation_failed`, `details[].path` the field
 * as the client sent it (`content`, `tags.2`, a query or path parameter by its name), and a
 * message that leads with that path so a reader without the details (an MCP tool's caller, a log)
 * still knows which field it was. ADR 0015.
 */
export function validationFailed(details: NonNullable<ErrorBody['details']>): AppError {
  const first = details[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input';
  return new AppError(400, 'validation_failed', message, details);
}

/** A path as the client spells it: keys and array indexes joined by dots, '' for the whole input. */
export const pathOf = (segments: readonly PropertyKey[]): string => segments.map(String).join('.');

/** Maps every thrown thing to an ErrorBody; never leaks a stack trace or SQL. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send(body(err.message, err.code, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Which part of the request (body, querystring, params) failed is not part of the path: a
      // client names its fields and parameters, and a service's check of the same field must
      // answer the same path.
      const details = err.validation.map((v) => ({
        path: pathOf(v.instancePath.split('/').filter(Boolean)),
        message: v.message ?? 'is invalid',
      }));
      const failed = validationFailed(details);
      return reply.status(failed.status).send(body(failed.message, failed.code, failed.details));
    }
    if (err instanceof DatabaseUnavailableError) {
      // Logged once per request at warn: the outage is the operator's to see, the client retries.
      request.log.warn({ err: err.cause }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(body(err.message, 'database_unavailable'));
    }
    const status = err.statusCode ?? 500;
    if (status === 400 && err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send(body('Request body is not valid JSON', 'invalid_json'));
    }
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(body('Request body is empty; send a JSON object', 'invalid_json'));
    }
    if (status === 413) return reply.status(413).send(body('Request body is too large', 'payload_too_large'));
    if (status === 415)
      return reply
        .status(415)
        .send(body('Unsupported content type; send application/json', 'unsupported_media_type'));
    if (status === 429)
      return reply.status(429).send(body('Too many requests, try again later', 'rate_limited'));
    if (status >= 400 && status < 500) return reply.status(status).send(body(err.message, 'invalid_request'));
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('Internal server error', 'internal_error'));
  });
}

function body(error: string, code: string, details?: ErrorBody['details']): ErrorBody {
  return details ? { error, code, details } : { error, code };
}
