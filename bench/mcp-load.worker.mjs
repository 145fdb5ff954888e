// Load generator for bench/mcp.bench.ts, run in a worker thread so the clients' own work (SSE
// parsing, result validation) happens on another core than the server's event loop. Each of
// `clients` official SDK clients calls one tool in a loop; only calls that start after the warm-up
// are measured.
import { parentPort, workerData } from 'node:worker_threads';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const { url, key, era, tool, argsList, clients, warmupMs, durationMs } = workerData;
const headers = { authorization: `Bearer ${key}` };

async function connect(i) {
  if (era === '2026-07-28') {
    const client = new ClientV2(
      { name: `bench-${i}`, version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new TransportV2(new URL(url), { requestInit: { headers } }));
    return client;
  }
  const client = new ClientV1({ name: `bench-${i}`, version: '1.0.0' });
  await client.connect(new TransportV1(new URL(url), { requestInit: { headers } }));
  return client;
}

const connected = await Promise.all(Array.from({ length: clients }, (_, i) => connect(i)));
const start = performance.now();
const measureFrom = start + warmupMs;
const stopAt = measureFrom + durationMs;
const latencies = [];
let errors = 0;
let firstError;
let next = 0;

await Promise.all(
  connected.map(async (client) => {
    while (performance.now() < stopAt) {
      const args = argsList[next++ % argsList.length];
      const began = performance.now();
      try {
        const result = await client.callTool({ name: tool, arguments: args });
        if (result.isError) throw new Error(result.content?.[0]?.text ?? 'tool error');
        if (began >= measureFrom) latencies.push(performance.now() - began);
      } catch (err) {
        errors++;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    }
  }),
);
const measuredMs = performance.now() - measureFrom;
await Promise.all(connected.map((client) => client.close()));
parentPort.postMessage({ latencies, errors, firstError, measuredMs });
