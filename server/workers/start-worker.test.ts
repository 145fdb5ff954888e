// Real: pure code (which parent flags a worker inherits) and a real worker thread. Faked: nothing.
// Starting the real workers from source and from dist/ is covered by local-embedder.test.ts and
// dist-worker.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startWorker, WORKER_YOUNG_GENERATION_MB, workerExecArgv } from './start-worker.js';

describe('startWorker', () => {
  it('gives the worker a small young generation unless the caller sets its own limits', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cairn-start-worker-'));
    try {
      const entry = path.join(dir, 'idle.mjs');
      writeFileSync(
        entry,
        "import { parentPort } from 'node:worker_threads'; parentPort.postMessage('up');\n",
      );
      const run = async (options?: Parameters<typeof startWorker>[1]) => {
        const worker = startWorker(pathToFileURL(entry), options);
        await new Promise((resolve) => worker.once('message', resolve));
        const limits = worker.resourceLimits;
        await worker.terminate();
        return limits;
      };
      expect((await run())?.maxYoungGenerationSizeMb).toBe(WORKER_YOUNG_GENERATION_MB);
      expect(
        (await run({ resourceLimits: { maxYoungGenerationSizeMb: 16 } }))?.maxYoungGenerationSizeMb,
      ).toBe(16);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('workerExecArgv', () => {
  it('drops the flags that stop a worker from starting and keeps the rest', () => {
    expect(workerExecArgv(['--input-type=module', '-e', 'code()', '--import', 'tsx'])).toEqual([
      '--import',
      'tsx',
    ]);
    expect(workerExecArgv(['--max-old-space-size=512', '--print', '1+1', '--input-type', 'module'])).toEqual([
      '--max-old-space-size=512',
    ]);
    expect(workerExecArgv(['--eval=x', '--enable-source-maps'])).toEqual(['--enable-source-maps']);
  });
});
