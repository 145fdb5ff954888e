// `npm run bench -- traces [--sizes 10000,100000] [--iterations 200] [--explain]`
// List and create latency through the real HTTP path (app.inject: auth, validation, service,
// SQL, serialisation) on a corpus bulk-inserted for one user through the real migrations.
// Engine: embedded PGlite in a temporary data directory (the default install), or the
// PostgreSQL server in TEST_DATABASE_URL (`node scripts/postgres/with-server.mjs npm run bench -- traces`).
// Progress goes to stderr; the last stdout line is one JSON object.
import { cpus, loadavg } from 'node:os';
import type { Db } from '../server/db/db.js';
import { createTestApp, signUpAndLogin } from '../server/test-support/test-app.js';
import { insertCorpus, makeCorpus } from './traces-corpus.js';
import { type Percentiles, log, openBenchDatabase, option, percentiles } from './bench-support.js';

type Stat = Percentiles & { matches?: number };

export async function run(args: string[]): Promise<void> {
  const sizes = option(args, 'sizes', '10000,100000').split(',').map(Number);
  const iterations = Number(option(args, 'iterations', '200'));
  const explain = args.includes('--explain');
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  const { db, engine, close } = await openBenchDatabase();
  const t = await createTestApp({}, { db });
  const user = await signUpAndLogin(t.app, 'bench@example.com');
  const corpus = makeCorpus();
  const results: Record<string, Record<string, Stat>> = {};
  const fillMs: Record<string, number> = {};
  let inserted = 0;

  const time = async (url: string, method: 'GET' | 'POST' = 'GET', payload?: () => object) => {
    const samples: number[] = [];
    for (let i = 0; i < iterations + 10; i++) {
      const body = payload?.();
      const start = performance.now();
      const res = await t.app.inject({
        method,
        url,
        headers: user.headers,
        ...(body ? { payload: body } : {}),
      });
      const ms = performance.now() - start;
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      if (i >= 10) samples.push(ms); // the first ten warm caches and plans
    }
    return percentiles(samples);
  };
  const matches = async (term: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/traces?search=${term}&pageSize=1`,
        headers: user.headers,
      })
    ).json().totalCount as number;

  try {
    for (const size of sizes) {
      const start = performance.now();
      const rows = corpus.rows(inserted, size, Math.max(...sizes));
      await t.db.asSystem((tx) => insertCorpus(tx, user.userId, rows));
      // What autovacuum's analyze does on a server after a bulk load (PGlite has no autovacuum).
      await t.db.runOutsideTransaction('VACUUM ANALYZE traces');
      fillMs[size] = Math.round(performance.now() - start);
      inserted = size;
      log(`${engine}: ${size} traces inserted in ${fillMs[size]} ms`);

      // Search terms: corpus words by Zipf rank (rare, typical, common), plus real words a
      // person might look for. Each result says how many traces matched.
      const terms: Record<string, string> = {
        rare: corpus.vocabulary[4000]!,
        typical: corpus.vocabulary[1000]!,
        common: corpus.vocabulary[200]!,
        word_dentist: 'dentist',
        word_budget: 'budget',
        word_python: 'python',
      };
      const r: Record<string, Stat> = {};
      r.list = await time('/api/traces');
      r.list_category = await time('/api/traces?category=work');
      for (const [label, term] of Object.entries(terms)) {
        r[`list_search_${label}`] = {
          ...(await time(`/api/traces?search=${term}`)),
          matches: await matches(term),
        };
      }
      r.list_search_typical_category = await time(`/api/traces?search=${terms.typical}&category=work`);
      // The web app's search box asks for what contains the words after its ranked results, with
      // those (up to 50) left out (ADR 0026): the same search with the largest exclude list.
      const shown = (
        await t.app.inject({
          method: 'GET',
          url: `/api/traces?search=${terms.typical}&pageSize=50`,
          headers: user.headers,
        })
      ).json().traces as { id: string }[];
      r.list_search_typical_exclude_50 = await time(
        `/api/traces?search=${terms.typical}&exclude=${shown.map((x) => x.id).join(',')}`,
      );
      r.list_importance = await time('/api/traces?importance=high');
      r.list_tag = await time('/api/traces?tags=travel');
      r.list_page_50 = await time('/api/traces?page=50');
      // Each sort's first page and a deep page: index walks (migration 0016), never a sort of all.
      for (const sort of ['oldest', 'most_used', 'importance'] as const) {
        r[`list_sort_${sort}`] = await time(`/api/traces?sort=${sort}`);
        r[`list_sort_${sort}_page_50`] = await time(`/api/traces?sort=${sort}&page=50`);
      }
      r.list_search_typical_sort_importance = await time(
        `/api/traces?search=${terms.typical}&sort=importance`,
      );
      r.stats = await time('/api/stats');
      let n = 0;
      const freshRows = makeCorpus(size + 7).rows(0, iterations * 3);
      const next = () => ({ ...freshRows.next().value!, n: n++ });
      r.create = await time('/api/traces', 'POST', () => {
        const row = next();
        return {
          title: row.title,
          content: `${row.content} #${row.n}`,
          category: 'work',
          importance: 'low',
          tags: row.tags,
        };
      });
      r.create_auto = await time('/api/traces', 'POST', () => ({ content: `${next().content} #${n}` }));
      results[size] = r;
      log(`${size}: ${JSON.stringify(r)}`);
      if (explain) await printPlans(t.db, user.userId, terms.typical!);
    }
  } finally {
    await t.close();
    await close();
  }
  const at100k = results[100000];
  console.log(
    JSON.stringify({
      bench: 'traces',
      engine,
      node: process.version,
      cpus: cpus().length,
      // Other processes on the machine (tests of parallel work) inflate the p95s: say how busy it was.
      load_average_1_5_15: { before: loadBefore, after: loadavg().map((l) => Math.round(l * 100) / 100) },
      iterations,
      unit: 'ms',
      fill_ms: fillMs,
      results,
      ...(at100k && {
        target_p95_20ms_at_100k: {
          list: at100k.list!.p95 <= 20,
          list_search_typical: at100k.list_search_typical!.p95 <= 20,
          list_search_rare: at100k.list_search_rare!.p95 <= 20,
        },
      }),
    }),
  );
}

/** The plans behind docs/decisions/0005, to stderr. */
async function printPlans(db: Db, userId: string, term: string): Promise<void> {
  const queries = {
    'count as cairn_app (row-level security on)': `SELECT count(*) FROM traces WHERE user_id = '${userId}' AND is_active`,
    'search as cairn_app (row-level security on)': `SELECT count(*) FROM traces WHERE user_id = '${userId}' AND is_active AND search_text LIKE '%${term}%'`,
    'page of 12 as cairn_app': `SELECT id FROM traces WHERE user_id = '${userId}' AND is_active ORDER BY created_at DESC, id DESC LIMIT 12`,
    'page of 12, most used first': `SELECT id FROM traces WHERE user_id = '${userId}' AND is_active ORDER BY access_count DESC, created_at DESC, id DESC LIMIT 12`,
    'page of 12, importance first': `SELECT id FROM traces WHERE user_id = '${userId}' AND is_active ORDER BY (CASE importance WHEN 'high' THEN 3 WHEN 'medium' THEN 2 ELSE 1 END) DESC, created_at DESC, id DESC LIMIT 12`,
  };
  const owner = {
    'search inside cairn_trace_matches (owner)': `SELECT t.id, t.created_at FROM traces t WHERE t.user_id = '${userId}' AND t.is_active AND t.search_text LIKE '%${term}%'`,
  };
  for (const [label, sql] of Object.entries(queries)) {
    const plan = await db.asUser(userId, (tx) =>
      tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`),
    );
    log(`-- ${label}\n${plan.map((p) => p['QUERY PLAN']).join('\n')}`);
  }
  for (const [label, sql] of Object.entries(owner)) {
    const plan = await db.asSystem((tx) =>
      tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`),
    );
    log(`-- ${label}\n${plan.map((p) => p['QUERY PLAN']).join('\n')}`);
  }
}
