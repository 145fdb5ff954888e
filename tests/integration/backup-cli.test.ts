import { createServer, type Server } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, processGroup } from '../support/processes.js';

/**
 * `npm run cairn -- backup | restore | doctor` as a self-hoster runs them, beside a real server
 * process on a real data directory. Faked: only the embedding model, an OpenAI-compatible HTTP
 * server here (the network edge), so no process loads the bundled model.
 */

const root = mkdtempSync(path.join(tmpdir(), 'cairn-backup-cli-'));
const dataDir = path.join(root, 'data');
const procs = processGroup();
let embeddings: Server;
let embeddingsUrl: string;

beforeAll(async () => {
  embeddings = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const { input } = JSON.parse(body) as { input: string[] };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: input.map((_, index) => ({ embedding: [1, 0, 0, 0], index })) }));
    });
  });
  await new Promise<void>((r) => embeddings.listen(0, '127.0.0.1', r));
  const address = embeddings.address();
  embeddingsUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1`;
});
afterAll(() => {
  procs.killAll();
  embeddings?.close();
  rmSync(root, { recursive: true, force: true });
});

async function cairn(args: string[], env: Record<string, string> = {}) {
  const run = procs.runNode(['server/cli/main.ts', ...args], {
    DATA_DIR: dataDir,
    EMBEDDINGS_URL: embeddingsUrl,
    EMBEDDINGS_MODEL: 'fake',
    ...env,
  });
  const code = await run.exited;
  return { code, output: run.output() };
}

describe('cairn backup, restore and doctor', () => {
  it('doctor names a configuration it cannot parse, and exits 1', async () => {
    const bad = await cairn(['doctor'], { PORT: 'eighty', BACKUP_KEEP: '0' });
    expect(bad.code).toBe(1);
    expect(bad.output).toMatch(/FAIL {2}configuration .*PORT.*BACKUP_KEEP/);
  }, 120_000);

  it('backs up and restores through the CLI, and says why not while the server runs', async () => {
    const port = String(await freePort());
    const server = await procs.startServer({
      PORT: port,
      DATA_DIR: dataDir,
      EMBEDDINGS_URL: embeddingsUrl,
      EMBEDDINGS_MODEL: 'fake',
      // No scheduled backup a minute in, on a slow machine, to change what doctor sees.
      BACKUP_INTERVAL_HOURS: '0',
    });
    const running = await cairn(['backup'], { PORT: port });
    expect(running.code).toBe(1);
    expect(running.output).toContain('The server is running on');
    expect(running.output).toContain('To take a backup now, stop the server');

    const doctor = await cairn(['doctor'], { PORT: port });
    expect(doctor.output).toMatch(/ok {4}lock +a server is running on this data directory/);
    expect(doctor.output).toMatch(/ok {4}database +the running server answers/);
    expect(doctor.output).toMatch(/ok {4}model +openai:fake loads and embeds \(4 dimensions\)/);
    expect(doctor.output).toMatch(/warn {2}backups +none in/);
    expect(doctor.output).toMatch(/warn {2}public url +http:\/\/127\.0\.0\.1:\d+ is not HTTPS/);
    expect(doctor.code).toBe(0);

    server.child.kill('SIGTERM');
    await server.exited;
    const file = path.join(root, 'out', 'by-hand.tar.gz');
    const made = await cairn(['backup', '--out', file]);
    expect(made.output).toContain(`Backed up to ${file}`);
    expect(made.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const occupied = await cairn(['restore', file]);
    expect(occupied.code).toBe(1);
    expect(occupied.output).toContain('is not empty');

    const fresh = path.join(root, 'fresh');
    const restored = await cairn(['restore', file], { DATA_DIR: fresh });
    expect(restored.output).toContain(`into ${fresh}`);
    expect(restored.code).toBe(0);
    expect(readdirSync(fresh).sort()).toEqual(['pglite', 'secret.key']);

    const healthy = await cairn(['doctor'], { DATA_DIR: fresh, PUBLIC_URL: 'https://memory.example.com' });
    expect(healthy.output).toMatch(/ok {4}migrations +all \d+ applied/);
    expect(healthy.output).toMatch(/ok {4}public url/);
    expect(healthy.code).toBe(0);
  }, 600_000);

  it('refuses a hostile archive and leaves the data directory as it was', async () => {
    const target = path.join(root, 'untouched');
    const hostile = path.join(root, 'hostile.tar.gz');
    writeFileSync(hostile, 'not a gzip file at all');
    const refused = await cairn(['restore', hostile], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('The backup is damaged');
    expect(existsSync(target)).toBe(false);
    mkdirSync(target);
    expect((await cairn(['restore', hostile], { DATA_DIR: target })).code).toBe(1);
    expect(readdirSync(target)).toEqual([]);
    expect(readdirSync(root).filter((n) => n.includes('.restoring-'))).toEqual([]);
    expect((await cairn(['restore'])).code).toBe(64);
  }, 120_000);
});
