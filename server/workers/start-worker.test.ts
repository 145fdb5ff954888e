// Real: pure code (which parent flags a worker inherits). Faked: nothing. Starting real workers
// from source and from dist/ is covered by local-embedder.test.ts and dist-worker.test.ts.
import { describe, expect, it } from 'vitest';
import { workerExecArgv } from './start-worker.js';

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
