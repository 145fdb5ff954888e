import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths that belong to machines: they answer JSON 404s, never the SPA's HTML. */
const MACHINE_PREFIXES = ['/api/', '/api', '/mcp', '/oauth/', '/.well-known/', '/.netlify/'];

export function isMachinePath(url: string): boolean {
  const p = url.split('?')[0] ?? url;
  return MACHINE_PREFIXES.some(
    (prefix) => p === prefix || p.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}

/**
 * Serves the built React app from `webDir` with index.html as the fallback for client routes
 * (/, /login, /register, /app/*, and unknown paths, which the app redirects).
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const index = path.join(webDir, 'index.html');
  const built = existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must always be fresh.
      setHeaders(res, file) {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ error: 'Not found', code: 'not_found' });
    }
    if (isMachinePath(request.url)) return reply.status(404).send({ error: 'Not found', code: 'not_found' });
    const file = request.url.split('?')[0] ?? '/';
    if (built && path.extname(file) && file !== '/index.html') {
      // A missing asset is a 404, not HTML that the browser would try to run as a script.
      return reply.status(404).send({ error: 'Not found', code: 'not_found' });
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
