import type { z } from 'zod';
import { AppError } from '../../http/errors.js';

/**
 * Validates a service's input with its contract schema. Routes have validated already; MCP tools,
 * import and other callers get the same 400 (`validation_failed`, message "field: problem") here
 * instead of a database error.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = details[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input';
  throw new AppError(400, 'validation_failed', message, details);
}
