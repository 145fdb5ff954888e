import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, processGroup } from '../support/processes.js';

/**
 * The requirement: "Graceful shutdown on SIGTERM/SIGINT: stop accepting, finish in-flight requests, close
 * the database cleanly." Real server process on 127.0.0.1; the in-flight request is a real one
 * whose body is still arriving when the signal lands.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'cairn-shutdown-'));
const procs = processGroup();
afterAll(() => {
  procs.killAll();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight, refuses new connections, and exits 0', async () => {
    const port = await freePort();
    const server = await procs.startServer({ DATA_DIR: dataDir, PORT: String(port) });
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not a real password' });

    const answered = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      // The signal arrives while the body is half sent; the rest follows a moment later.
      setTimeout(() => server.child.kill('SIGTERM'), 200);
      setTimeout(() => req.end(body.slice(10)), 700);
    });

    expect(await answered).toBe(401); // a real answer (wrong credentials), not a dropped connection
    expect(await server.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  }, 600_000);
});
