// `npm run bench -- import [--items 50000] [--format mem0|text|cairn] [--search-every-ms 100]`
// A large import end to end: a generated file (mem0 JSON, ~1 KB per memory at 50k items ≈ 50 MB)
// is uploaded as a stream through the real route, previewed, then run by the background runner
// while another user's list searches, one every 100 ms, are timed alongside (they must stay served). Reports the
// stage and run times, items per second, peak RSS (the process's high-water mark), and the
// search latency during the run. Engine: embedded PGlite on disk, or TEST_DATABASE_URL.
// Progress goes to stderr; the last stdout line is one JSON object.
import { createWriteStream, createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTestApp, signUpAndLogin } from '../server/test-support/test-app.js';
import { log, openBenchDatabase, option, percentiles } from './bench-support.js';

const WORDS =
  'coffee meeting project garden school budget travel doctor python invoice family running music recipe train'.split(
    ' ',
  );

/** The i-th memory: distinct text (no dedup), ~1 KB like a long saved memory. */
function memory(i: number): string {
  const w = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length];
  const sentence = `Memory ${i}: remember the ${w(1)} about ${w(2)} and ${w(3)} on day ${i % 365}.`;
  return `${sentence} ${'Details follow in plain words. '.repeat(28)}`.trim();
}

async function writeFile(file: string, items: number, format: string): Promise<void> {
  const out = createWriteStream(file);
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  if (format === 'text') {
    for (let i = 0; i < items; i++) await write(`- ${memory(i)}\n`);
  } else if (format === 'cairn') {
    // A backup's restore (issue 26): every item carries title, category, importance and tags,
    // so nothing is left for the categoriser and no await in the save path need yield.
    await write('{"format":"cairn-export","version":1,"traces":[\n');
    for (let i = 0; i < items; i++) {
      const t = {
        title: `Memory ${i}`,
        content: memory(i),
        category: 'fact',
        importance: 'medium',
        tags: ['bench', `t${i % 20}`],
        created_at: '2025-01-01T00:00:00.000Z',
      };
      await write(`${i ? ',\n' : ''}${JSON.stringify(t)}`);
    }
    await write('\n]}\n');
  } else {
    await write('{"memories":[\n');
    for (let i = 0; i < items; i++) {
      const m = {
        id: String(i),
        memory: memory(i),
        created_at: '2025-01-01T00:00:00Z',
        categories: ['bench'],
      };
      await write(`${i ? ',\n' : ''}${JSON.stringify(m)}`);
    }
    await write('\n]}\n');
  }
  out.end();
  await once(out, 'finish');
}

export async function run(args: string[]): Promise<void> {
  const items = Number(option(args, 'items', '50000'));
  const format = option(args, 'format', 'mem0');
  const searchEvery = Number(option(args, 'search-every-ms', '100'));
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  const dir = mkdtempSync(path.join(tmpdir(), 'cairn-import-bench-'));
  const file = path.join(dir, `import.${format === 'text' ? 'txt' : 'json'}`);
  const { db, engine, close } = await openBenchDatabase();
  const t = await createTestApp({}, { db });
  let probing = false;
  try {
    await writeFile(file, items, format);
    const bytes = statSync(file).size;
    log(`${engine}: ${items} items, ${(bytes / 1024 / 1024).toFixed(1)} MiB`);
    // API keys, not sign-in tokens: a 50k run outlasts an access token's lifetime.
    const withKey = async (email: string) => {
      const user = await signUpAndLogin(t.app, email);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: user.headers,
        payload: { name: 'bench' },
      });
      return { headers: { authorization: `Bearer ${res.json().key as string}` } };
    };
    const ann = await withKey('bench-import@example.com');
    const bob = await withKey('bench-search@example.com');
    for (let i = 0; i < 200; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/traces',
        headers: bob.headers,
        payload: { content: memory(i) },
      });
    }

    const rssBefore = process.memoryUsage().rss;
    // The health check every 100 ms from upload to the end of the run: how long anyone waits
    // for the event loop while the import reads and saves (issue 26: 4.97 s before).
    const healthMs: number[] = [];
    probing = true;
    const prober = (async () => {
      while (probing) {
        const start = performance.now();
        await t.app.inject({ method: 'GET', url: '/api/health' });
        healthMs.push(performance.now() - start);
        await sleep(100);
      }
    })();
    let stageStart = performance.now();
    const staged = await t.app.inject({
      method: 'POST',
      url: '/api/account/import/jobs?name=bench',
      headers: { ...ann.headers, 'content-type': 'application/octet-stream' },
      payload: createReadStream(file),
    });
    if (staged.statusCode !== 201 && staged.statusCode !== 202)
      throw new Error(`stage: ${staged.statusCode} ${staged.body}`);
    // A large file is answered 202 while it is still read (staging): its preview is complete once ready.
    let job = staged.json();
    while (job.status === 'staging') {
      await sleep(100);
      job = (
        await t.app.inject({ method: 'GET', url: `/api/account/import/jobs/${job.id}`, headers: ann.headers })
      ).json();
    }
    if (job.status !== 'ready') throw new Error(`stage: ${JSON.stringify(job)}`);
    const stageMs = performance.now() - stageStart;
    log(`staged in ${Math.round(stageMs)} ms: ${JSON.stringify(job.preview)}`);

    stageStart = performance.now();
    await t.app.inject({
      method: 'POST',
      url: `/api/account/import/jobs/${job.id}/start`,
      headers: ann.headers,
    });
    const running = t.app.services.importRunner.drain();
    let finished = false;
    void running.then(() => (finished = true));
    const searchMs: number[] = [];
    let lastLog = 0;
    while (!finished) {
      const start = performance.now();
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/traces?search=garden',
        headers: bob.headers,
      });
      if (res.statusCode !== 200) throw new Error(`search: ${res.statusCode} ${res.body}`);
      const took = performance.now() - start;
      searchMs.push(took);
      // A search every searchEvery ms (or back to back when one takes longer): someone using the
      // app while the import runs, not a flood that would take half the process from it.
      if (took < searchEvery) await sleep(searchEvery - took);
      if (performance.now() - lastLog > 10_000) {
        lastLog = performance.now();
        const j = (
          await t.app.inject({
            method: 'GET',
            url: `/api/account/import/jobs/${job.id}`,
            headers: ann.headers,
          })
        ).json();
        log(`  ${j.progress.processed}/${items}`);
      }
    }
    await running;
    const runMs = performance.now() - stageStart;
    probing = false;
    await prober;
    const done = (
      await t.app.inject({ method: 'GET', url: `/api/account/import/jobs/${job.id}`, headers: ann.headers })
    ).json();
    const usage = process.resourceUsage();
    process.stdout.write(
      `${JSON.stringify({
        bench: 'import',
        engine,
        format,
        items,
        file_mib: Math.round((bytes / 1024 / 1024) * 10) / 10,
        stage_ms: Math.round(stageMs),
        stage_items_per_s: Math.round(items / (stageMs / 1000)),
        run_ms: Math.round(runMs),
        run_items_per_s: Math.round((items / (runMs / 1000)) * 10) / 10,
        progress: done.progress,
        peak_rss_mib: Math.round(usage.maxRSS / 1024),
        rss_before_upload_mib: Math.round(rssBefore / 1024 / 1024),
        other_user_search_during_import_ms: percentiles(searchMs),
        health_during_upload_and_run_ms: percentiles(healthMs),
        search_every_ms: searchEvery,
        cpus: cpus().length,
        load_before: loadBefore,
        // The machine is shared: the load during the run says how much of it the bench had.
        load_after: loadavg().map((l) => Math.round(l * 100) / 100),
      })}\n`,
    );
  } finally {
    probing = false;
    await t.close();
    await close();
    rmSync(dir, { recursive: true, force: true });
  }
}
