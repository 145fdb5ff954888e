import type { z } from 'zod';
import { pathOf, validationFailed } from './errors.js';

/**
 * Validates a service's input with its contract schema. Routes have validated already; MCP tools,
 * import and other callers get the same 400 here instead of a database error.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationFailed(
    result.error.issues.map((issue) => ({ path: pathOf(issue.path), message: issue.message })),
  );
}
