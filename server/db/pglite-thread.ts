import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../workers/start-worker.js';
import {
  type CompiledPglite,
  type FromPglite,
  fromWireError,
  type PgliteWorkerData,
  type ToPglite,
} from './pglite-protocol.js';
import { DatabaseUnavailableError } from './unavailable.js';

type Request = ToPglite extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;
type Answer = { rows?: unknown[]; dump?: Uint8Array };
type Pending = { resolve: (a: Answer) => void; reject: (e: unknown) => void };

/** How soon a database thread that died may be started again (a crash loop must not spin). */
const RESTART_AFTER_MS = 2_000;

let wasmModule: Promise<CompiledPglite> | undefined;

// @types/node declares neither WebAssembly's types nor the global (lib "DOM" would).
const wasm = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledPglite> } }
).WebAssembly;

/** pglite.wasm compiled once per process: every database thread of the process shares it. */
function compiledPglite(): Promise<CompiledPglite> {
  wasmModule ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return wasm.compile(await readFile(path.join(path.dirname(entry), 'pglite.wasm')));
  })();
  return wasmModule;
}

/**
 * One PGlite in its own worker thread, and the requests in flight to it. A thread that dies
 * (out of memory, a WebAssembly trap) fails exactly the requests it held with
 * DatabaseUnavailableError (503: nothing it held was committed); an on-disk database is opened
 * again on the next request, recovering from its write-ahead log as after a crash. An in-memory
 * one (tests) is gone with its thread, and says so.
 */
export class PgliteThread {
  private worker: Worker | undefined;
  private starting: Promise<Worker> | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  private diedAt = 0;
  private lost: Error | undefined;
  /** Milliseconds the database thread spent running statements (for metrics). */
  busyMs = 0;

  constructor(private data: Omit<PgliteWorkerData, 'wasmModule'>) {}

  /** Starts the thread (if needed) and resolves once PGlite is open. */
  start(): Promise<Worker> {
    if (this.worker) return Promise.resolve(this.worker);
    this.starting ??= this.spawn().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async spawn(): Promise<Worker> {
    const worker = startWorker(new URL('./pglite.worker.js', import.meta.url), {
      workerData: { ...this.data, wasmModule: await compiledPglite() } satisfies PgliteWorkerData,
    });
    // The start's own listeners come off once it is decided (by name: Worker.removeAllListeners()
    // would drop Node's internal ones too, and the thread's answers would never arrive).
    let onReady!: (msg: FromPglite) => void;
    let onError!: (err: Error) => void;
    let onExit!: (code: number) => void;
    await new Promise<void>((resolve, reject) => {
      onReady = (msg) =>
        msg.type === 'ready' ? resolve() : msg.type === 'failed' && reject(fromWireError(msg.error));
      onError = reject;
      onExit = (code) => reject(new Error(`The database thread exited (code ${code})`));
      worker.on('message', onReady).on('error', onError).on('exit', onExit);
    })
      .catch(async (err: unknown) => {
        await worker.terminate();
        throw err;
      })
      .finally(() => worker.off('message', onReady).off('error', onError).off('exit', onExit));
    worker.on('message', (msg: FromPglite) => this.onMessage(msg));
    let failure: Error | undefined;
    worker.on('error', (err) => (failure = err));
    worker.on('exit', (code) => this.onExit(worker, failure ?? new Error(`exit code ${code}`)));
    this.worker = worker;
    // The directory now holds the cluster: a restart opens it, never loads the dump over it.
    if (this.data.dataDir && this.data.loadDataDir) this.data = { ...this.data, loadDataDir: undefined };
    return worker;
  }

  private onMessage(msg: FromPglite): void {
    if (msg.type !== 'done' && msg.type !== 'error') return;
    this.busyMs += msg.ms;
    const call = this.pending.get(msg.id);
    if (!call) return;
    this.pending.delete(msg.id);
    if (msg.type === 'done')
      call.resolve({ ...(msg.rows ? { rows: msg.rows } : {}), ...(msg.dump ? { dump: msg.dump } : {}) });
    else call.reject(fromWireError(msg.error));
  }

  private onExit(worker: Worker, reason: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    if (this.closed) return;
    this.diedAt = Date.now();
    const why = new Error(`The embedded database thread stopped (${reason.message})`, { cause: reason });
    if (!this.data.dataDir) this.lost = why;
    for (const call of this.pending.values()) call.reject(new DatabaseUnavailableError(why));
    this.pending.clear();
  }

  /**
   * Sends one request; resolves with its answer, in the order requests were sent. While the thread
   * runs, the message is posted before the first await (pglite.ts's transactions rely on it: the
   * next turn starts once COMMIT is sent); while it restarts, calls wait on the same start, in order.
   */
  async call(request: Request): Promise<Answer> {
    if (this.closed) throw new Error('The embedded database is closed');
    if (this.lost) throw new DatabaseUnavailableError(this.lost);
    let worker = this.worker;
    if (!worker) {
      if (Date.now() - this.diedAt < RESTART_AFTER_MS)
        throw new DatabaseUnavailableError(new Error('The embedded database thread is restarting'));
      try {
        worker = await this.start();
      } catch (err) {
        this.diedAt = Date.now();
        throw new DatabaseUnavailableError(err);
      }
    }
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } as ToPglite);
    });
  }

  /** Requests sent and not yet answered. */
  get inFlight(): number {
    return this.pending.size;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const worker = this.worker ?? (await this.starting?.catch(() => undefined));
    if (worker) await this.call({ op: 'close' }).catch(() => {});
    this.closed = true;
    await worker?.terminate();
  }
}
