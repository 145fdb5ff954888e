// Load generator for bench/mcp.bench.ts, run as its own process so the clients' work (SSE parsing,
// result validation) neither shares the server's event loop nor counts in the server's CPU time.
// Each of `clients` official SDK clients calls one tool in a loop; only calls that start after the
// warm-up are measured. Era "rest" runs the REST equivalents instead, as a baseline. Config: JSON in argv[2]. Output: "measure-start" and "measure-end" lines
// when the measured window opens and closes, then one JSON line with the results.
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const { url, key, era, tool, argsList, clients, warmupMs, durationMs } = JSON.parse(process.argv[2]);
const headers = { authorization: `Bearer ${key}` };

/** The REST equivalent, for comparison: what the same work costs without MCP in between. */
function restClient(base) {
  return {
    async callTool({ name, arguments: args }) {
      const path =
        name === 'search'
          ? `/api/search?q=${encodeURIComponent(args.query)}&limit=${args.limit ?? 10}`
          : `/api/traces/${args.id}`;
      const res = await fetch(`${base}${path}`, { headers });
      const body = await res.text();
      return res.ok ? {} : { isError: true, content: [{ text: `${res.status} ${body}` }] };
    },
    async close() {},
  };
}

async function connect(i) {
  if (era === 'rest') return restClient(new URL(url).origin);
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
setTimeout(() => process.stdout.write('measure-start\n'), warmupMs);
setTimeout(() => process.stdout.write('measure-end\n'), warmupMs + durationMs);
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
process.stdout.write(`${JSON.stringify({ latencies, errors, firstError, measuredMs })}\n`);
