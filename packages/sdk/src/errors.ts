import type { ErrorBody } from '../../../contract/errors.js';

/**
 * Every failed call throws a CairnError (or a subclass by HTTP status) carrying the server's
 * stable `code` (`not_found`, `duplicate_trace`, `insufficient_scope`, …), its message and, for
 * validation errors, the field details.
 */
export class CairnError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorBody['details'];

  constructor(status: number, body: Partial<ErrorBody>) {
    super(body.error ?? `HTTP ${status}`);
    this.name = new.target.name;
    this.status = status;
    this.code = body.code ?? 'http_error';
    this.details = body.details;
  }
}

export class ValidationError extends CairnError {}
export class AuthenticationError extends CairnError {}
/** 401 `api_key_expired`: the key passed its expiry date; give it a later one or make a new key. */
export class KeyExpiredError extends AuthenticationError {}
export class PermissionError extends CairnError {}
export class NotFoundError extends CairnError {}
export class ConflictError extends CairnError {}
export class RateLimitError extends CairnError {
  /** Seconds the server asked to wait (Retry-After), when it said. */
  retryAfter: number | undefined;
}
export class ServerError extends CairnError {}
/**
 * No answer at all: the connection was refused or reset, the name did not resolve, TLS failed.
 * `status` is 0 and `code` `connection_failed`; `cause` is the runtime's own error.
 */
export class CairnConnectionError extends CairnError {
  constructor(baseUrl: string, cause: unknown) {
    const reason =
      cause instanceof Error ? ((cause.cause as Error | undefined)?.message ?? cause.message) : String(cause);
    super(0, { error: `Could not reach Cairn at ${baseUrl}: ${reason}`, code: 'connection_failed' });
    this.cause = cause;
  }
}

export function errorFor(status: number, body: Partial<ErrorBody>, retryAfter?: number): CairnError {
  if (status === 429) {
    const err = new RateLimitError(status, body);
    err.retryAfter = retryAfter;
    return err;
  }
  const Class =
    status === 400 || status === 413
      ? ValidationError
      : status === 401
        ? AuthenticationError
        : status === 403
          ? PermissionError
          : status === 404
            ? NotFoundError
            : status === 409
              ? ConflictError
              : status >= 500
                ? ServerError
                : CairnError;
  if (status === 401 && body.code === 'api_key_expired') return new KeyExpiredError(status, body);
  return new Class(status, body);
}
