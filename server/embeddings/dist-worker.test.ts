// Real: the TypeScript compiler with tsconfig.server.json (as `npm run build:server`), then a plain
// `node` process (no tsx) that runs the compiled embedder and its compiled worker, as `npm start`
// does. Faked: nothing. Guards the worker entry's .js-beside-the-module resolution (server/workers/start-worker.ts).
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
// Inside the repository so that the compiled files resolve node_modules as dist/ does.
const outDir = `node_modules/.cache/cairn-dist-worker-test-${process.pid}`;
afterAll(() => rm(`${root}/${outDir}`, { recursive: true, force: true }));

describe('the embedding worker from compiled output', () => {
  it('starts the compiled .js worker and embeds', async () => {
    const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
    await run(process.execPath, [tsc, '-p', 'tsconfig.server.json', '--outDir', outDir], { cwd: root });
    const script = `
      import { createEmbedder } from './${outDir}/server/embeddings/create-embedder.js';
      const e = createEmbedder({ threads: 1 });
      const [a, b] = await e.embed(['I like tea', 'I enjoy drinking tea']);
      await e.close();
      console.log(JSON.stringify({ id: e.modelId, dim: a.length, sim: a.reduce((s, x, i) => s + x * b[i], 0) }));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      timeout: 25_000,
    });
    const out = JSON.parse(stdout) as { id: string; dim: number; sim: number };
    expect(out).toMatchObject({ id: 'use-lite-512', dim: 512 });
    expect(out.sim).toBeGreaterThan(0.5);
  }, 90_000);
});
