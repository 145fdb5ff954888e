// Starts a TypeScript worker when Cairn runs from source (tsx, vitest). Node 20 does not apply
// `--import tsx` from a Worker's execArgv to the worker's own entry file, so the entry is plain
// JavaScript that registers tsx's loader first and then imports the .ts module it was given.
// From dist/ this file is not used: the compiled .js worker is started directly (server/workers/start-worker.ts).
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.tsEntry);
