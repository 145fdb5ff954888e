import type { FastifyInstance } from 'fastify';
import { validationFailed } from './errors.js';

/**
 * PostgreSQL text cannot hold U+0000: a NUL that reaches a query fails there, as a 500, on any
 * field a route forgot to refuse it on (an e-mail at sign-in, a key's name, an OAuth parameter).
 * So every request's parsed query, path parameters and body are checked once, before validation,
 * and a NUL anywhere is the usual 400 `validation_failed` naming the field. /mcp answers it as
 * JSON-RPC -32602 (invalid params).
 */
export function registerRejectNul(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // The path as the client sent the field, like every other validation error (ADR 0015).
    const where = findNul(request.query, '') ?? findNul(request.params, '') ?? findNul(request.body, '');
    if (where !== undefined)
      throw validationFailed([
        { path: where, message: 'Text cannot contain NUL (U+0000), a control character' },
      ]);
  });
}

/** The path of the first string (or key) holding a NUL. Iterative: a deeply nested body cannot overflow the stack. */
export function findNul(value: unknown, root: string): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return at;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push([item, join(at, String(i))]));
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return at;
        stack.push([item, join(at, key)]);
      }
    }
  }
  return undefined;
}

const join = (at: string, key: string) => (at ? `${at}.${key}` : key);
