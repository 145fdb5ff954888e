// `npm run bench -- overload [--clients 200] [--seconds 30] [--notes 200]`
// Far more clients than the server can serve (issue 25, ADR 0021): a real server process
// (bench-server.ts) and `--clients` closed-loop clients each searching again as soon as answered,
// for `--seconds`. What must hold: the excess is shed at once with 503 + Retry-After (p50 ≤ 10 ms
// is the target), the requests admitted are answered, and `/api/health` (asked four times a
// second) stays fast. Prints the answers by status with their latency, the shed ones' share with
// a Retry-After, and the health probe's percentiles. Last stdout line: one JSON object.
import { cpus, loadavg } from 'node:os';
import { type Answer, healthProbe, startBenchServer, timed } from './bench-server.js';
import { log, option, percentiles } from './bench-support.js';

const TOPICS = ['garden', 'invoice', 'python', 'meeting', 'coffee', 'holiday', 'deploy', 'recipe', 'budget'];

export async function run(args: string[]): Promise<void> {
  const clients = Number(option(args, 'clients', '200'));
  const seconds = Number(option(args, 'seconds', '30'));
  const notes = Number(option(args, 'notes', '200'));
  if (!(clients > 0) || !(seconds > 0) || !(notes >= 0))
    throw new Error('--clients and --seconds must be positive, --notes at least 0');
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  const server = await startBenchServer('overload');
  try {
    const { base, headers } = server;
    // A store to search: sequential creates, each embedded as the server does.
    for (let i = 0; i < notes; i++) {
      const a = TOPICS[i % TOPICS.length]!;
      const b = TOPICS[(i * 7 + 3) % TOPICS.length]!;
      const res = await timed(`${base}/api/traces`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ content: `Note ${i}: the ${a} plan, with the ${b} list for week ${i % 52}` }),
      });
      if (res.status !== 201) throw new Error(`create: ${res.status} ${res.body}`);
    }
    log(`overload: ${notes} notes; ${clients} clients for ${seconds} s`);

    const answers: (Answer & { kind: string })[] = [];
    const probe = healthProbe(base);
    const until = performance.now() + seconds * 1000;
    let n = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          const q = `${TOPICS[n++ % TOPICS.length]} ${TOPICS[(n * 5) % TOPICS.length]}`;
          const { body: _, ...a } = await timed(`${base}/api/search?q=${encodeURIComponent(q)}`, { headers });
          answers.push({ ...a, kind: 'search' });
          // A shed client waits a little before asking again, as a client honouring 503s would not
          // do at once either; without it the loop only measures how fast 503s can be sent.
          if (a.status === 503) await new Promise((r) => setTimeout(r, 50));
        }
      }),
    );
    const health = await probe.stop();

    const byStatus: Record<string, ReturnType<typeof percentiles>> = {};
    for (const status of new Set(answers.map((a) => a.status)))
      byStatus[status] = percentiles(answers.filter((a) => a.status === status).map((a) => a.ms));
    const shed = answers.filter((a) => a.status === 503);
    console.log(
      JSON.stringify({
        bench: 'overload',
        engine: server.engine,
        clients,
        seconds,
        notes,
        requests: answers.length,
        answered_per_s: Math.round((answers.filter((a) => a.status === 200).length / seconds) * 10) / 10,
        by_status_ms: byStatus,
        shed_503: { count: shed.length, with_retry_after: shed.filter((a) => a.retryAfter).length },
        health: {
          ...percentiles(health.filter((a) => a.status === 200).map((a) => a.ms)),
          max: Math.round(Math.max(0, ...health.map((a) => a.ms))),
          not_ok: health.filter((a) => a.status !== 200).length,
        },
        rss_mb_after: server.rssMb(),
        machine: { cpus: cpus().length, loadavg_before: loadBefore },
      }),
    );
  } finally {
    await server.stop();
  }
}
