import { createServer } from 'node:net';

/**
 * A port on 127.0.0.1 that was free a moment ago: for servers whose PUBLIC_URL must be their real
 * address, and for processes started by tests and e2e runs.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
