import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The young generation (nursery) of each worker's V8 heap, in MB. V8's default lets it grow to
 * ~48 MB per isolate, and a busy worker (the database's result rows, the model's tensors) keeps it
 * resident for good: ~90 MB of an idle server's RSS across the two workers. These workers' objects
 * are short-lived messages, so a small nursery collects them as well, only more often. Measured in
 * ADR 0025 ("Memory"), with the search bench alternated against V8's default.
 */
export const WORKER_YOUNG_GENERATION_MB = 6;

/**
 * Starts a worker module whichever way Cairn runs. `entry` is the compiled `.js` URL of the worker,
 * as the caller names it beside itself (`new URL('./pglite.worker.js', import.meta.url)`):
 * - from dist/ (`npm start`: node dist/server/main.js) that `.js` exists and is started as it is;
 * - from source (tsx in `npm run dev`, vitest) only the `.ts` beside it exists; Node 20 cannot
 *   start a .ts entry even with `--import tsx` in execArgv, so ts-worker-bootstrap.mjs registers
 *   tsx inside the worker and then imports the .ts file.
 * Used by the embedding model's pool and the embedded database (ADR 0006, ADR 0025).
 */
export function startWorker(entry: URL, options: WorkerOptions = {}): Worker {
  options = {
    execArgv: workerExecArgv(process.execArgv),
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    ...options,
  };
  if (existsSync(fileURLToPath(entry))) return new Worker(entry, options);
  const ts = new URL(entry.href.replace(/\.js$/, '.ts'));
  if (!existsSync(fileURLToPath(ts))) throw new Error(`Worker ${fileURLToPath(entry)} not found`);
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
