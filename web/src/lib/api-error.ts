import type { ErrorBody } from '../../../contract/errors.js';

/** A failed API call: the server's message (already worded for people) and its stable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorBody['details'],
  ) {
    super(message);
  }
}

/** The message to show for a failure, or `fallback` when it carries none worth showing. */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  if (err instanceof Error && err.message && !(err instanceof TypeError)) return err.message;
  return fallback;
}
