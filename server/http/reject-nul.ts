import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/**
 * PostgreSQL text cannot hold U+0000: a NUL that reaches a query fails there, as a 500, on any
 * field a route forgot to refuse it on (an e-mail at sign-in, a key's name, an OAuth parameter).
 * So every request's parsed query, path parameters and body are checked once, before validation,
 * and a NUL anywhere is a 400 naming the field. /mcp maps the code to JSON-RPC -32602.
 */
export function registerRejectNul(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const where =
      findNul(request.query, 'querystring') ??
      findNul(request.params, 'params') ??
      findNul(request.body, 'body');
    if (where !== undefined)
      throw new AppError(400, 'invalid_characters', 'Text cannot contain NUL (U+0000) characters', [
        { path: where, message: 'contains a NUL character' },
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
      v.forEach((item, i) => stack.push([item, `${at}.${i}`]));
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return at;
        stack.push([item, `${at}.${key}`]);
      }
    }
  }
  return undefined;
}
