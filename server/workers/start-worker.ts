import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts the worker module `<name>.worker` that sits beside this file, whichever way Cairn runs:
 * - from dist/ (`npm start`: node dist/server/main.js) the compiled `<name>.worker.js` exists and
 *   is started as it is;
 * - from source (tsx in `npm run dev`, vitest) only `<name>.worker.ts` exists; Node 20 cannot
 *   start a .ts entry even with `--import tsx` in execArgv, so ts-worker-bootstrap.mjs registers
 *   tsx inside the worker and then imports the .ts file.
 */
export function startWorker(name: string, options: WorkerOptions = {}): Worker {
  options = { execArgv: workerExecArgv(process.execArgv), ...options };
  const js = new URL(`./${name}.worker.js`, import.meta.url);
  if (existsSync(fileURLToPath(js))) return new Worker(js, options);
  const ts = new URL(`./${name}.worker.ts`, import.meta.url);
  if (!existsSync(fileURLToPath(ts))) {
    throw new Error(`Worker ${name} not found beside ${fileURLToPath(import.meta.url)}`);
  }
  return new Worker(new URL('./ts-worker-bootstrap.mjs', import.meta.url), {
    ...options,
    workerData: { ...(options.workerData as object | undefined), tsEntry: ts.href },
  });
}

/**
 * A worker inherits the parent's execArgv, but some of it makes the worker refuse to start: the
 * parent's own `-e <code>`/`-p <code>` and `--input-type` (ERR_INPUT_TYPE_NOT_ALLOWED), as when a
 * script runs Cairn code through `node --input-type=module -e …`. The rest (--import tsx,
 * memory limits, …) is kept.
 */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    if (['-e', '--eval', '-p', '--print'].includes(arg)) i++;
    else if (/^(--eval|--print|--input-type)=/.test(arg) || arg === '--input-type') {
      if (arg === '--input-type') i++;
    } else out.push(arg);
  }
  return out;
}
