/**
 * The embedded database's own thread (ADR 0025). PGlite runs PostgreSQL compiled to WebAssembly
 * on the thread that calls it, so here it holds this worker's thread instead of the server's event
 * loop. It runs what pglite.ts sends, strictly in arrival order and one message at a time (the
 * main side orders transactions), and answers each with its rows or PostgreSQL's error.
 * Started by server/workers/start-worker.ts, from TypeScript source and from dist/.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { parentPort, workerData } from 'node:worker_threads';
import { type FromPglite, type PgliteWorkerData, type ToPglite, toWireError } from './pglite-protocol.js';

const port = parentPort;
if (!port) throw new Error('pglite.worker.ts must run in a worker thread');
const post = (msg: FromPglite, transfer: ArrayBuffer[] = []) => port.postMessage(msg, transfer);

const options = workerData as PgliteWorkerData;

let pg: PGlite;
try {
  pg = await PGlite.create(options.dataDir ?? 'memory://', {
    extensions: { vector, pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(options.serverSettings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    ...(options.wasmModule ? { pgliteWasmModule: options.wasmModule } : {}),
    ...(options.loadDataDir ? { loadDataDir: new Blob([options.loadDataDir]) } : {}),
  });
  // Per session, so an existing data directory gets them too (PGlite writes postgresql.conf
  // only when it creates a cluster).
  for (const [name, value] of Object.entries(options.settings))
    await pg.query('SELECT set_config($1, $2, false)', [name, value]);
  post({ type: 'ready' });
} catch (err) {
  post({ type: 'failed', error: toWireError(err) });
  process.exit(1);
}

// One at a time, in order: a transaction's statements arrive between its BEGIN and its COMMIT.
let chain = Promise.resolve();
port.on('message', (msg: ToPglite) => {
  chain = chain.then(() => handle(msg));
});

async function handle(msg: ToPglite): Promise<void> {
  const start = performance.now();
  const ms = () => performance.now() - start;
  try {
    switch (msg.op) {
      case 'query': {
        if (msg.begin) await pg.exec(msg.begin);
        const res = await pg.query(msg.sql, msg.params as unknown[]);
        return post({ type: 'done', id: msg.id, rows: res.rows, ms: ms() });
      }
      case 'exec':
        if (msg.begin) await pg.exec(msg.begin);
        await pg.exec(msg.sql);
        return post({ type: 'done', id: msg.id, ms: ms() });
      case 'dump': {
        const tar = new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
        return post({ type: 'done', id: msg.id, dump: tar, ms: ms() }, [tar.buffer as ArrayBuffer]);
      }
      case 'ping':
        return post({ type: 'done', id: msg.id, ms: ms() });
      case 'close':
        if (!pg.closed) await pg.close();
        return post({ type: 'done', id: msg.id, ms: ms() });
    }
  } catch (err) {
    post({ type: 'error', id: msg.id, error: toWireError(err), ms: ms() });
  }
}
