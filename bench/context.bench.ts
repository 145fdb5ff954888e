// `npm run bench -- context [--size 10000] [--iterations 200] [--projects 10]`
// The session briefing (docs/decisions/0030-session-briefing.md) through real HTTP (a listening
// server on 127.0.0.1, GET /api/context with an API key, keep-alive): auth, validation, the
// project scope, the one statement of the briefing's three lists, fitting to the budget and
// serialisation, at `size` traces of one person spread over `projects` projects (a tenth personal,
// one in fifty pinned). `briefing` is without a task; `briefing_with_task` adds a hybrid search
// (the test app's feature-hashing embedder answers the query vector, so the model's own time is
// not in it: `npm run bench -- search` measures that). Engine: PGlite on disk (default) or
// TEST_DATABASE_URL. Progress on stderr; the last stdout line is JSON.
import { cpus, loadavg } from 'node:os';
import { createTestApp, signUpAndLogin } from '../server/test-support/test-app.js';
import { log, openBenchDatabase, option, percentiles } from './bench-support.js';
import { insertCorpus, makeCorpus, prng } from './traces-corpus.js';

export async function run(args: string[]): Promise<void> {
  const size = Number(option(args, 'size', '10000'));
  const iterations = Number(option(args, 'iterations', '200'));
  const projectCount = Number(option(args, 'projects', '10'));
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  const { db, engine, close } = await openBenchDatabase();
  const t = await createTestApp({}, { db });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  try {
    const user = await signUpAndLogin(t.app, 'context-bench@example.com');
    const owner = {
      userId: user.userId,
      via: 'session' as const,
      scopes: ['read:traces', 'write:traces'] as const,
      credentialId: 'bench',
    };
    const key = await t.app.services.apiKeys.create(
      { ...owner, scopes: [...owner.scopes] },
      { name: 'context bench' },
    );
    const headers = { authorization: `Bearer ${key.key}` };
    const names = Array.from({ length: projectCount }, (_, i) => `acme/service-${i}`);
    for (const name of names)
      await t.app.services.projects.create({ ...owner, scopes: [...owner.scopes] }, { name });

    const fillStart = performance.now();
    const corpus = makeCorpus();
    await t.db.asSystem((tx) => insertCorpus(tx, user.userId, corpus.rows(0, size, size)));
    // Spread over the projects (a tenth stays personal) and pin one in fifty, deterministically.
    await t.db.asSystem((tx) =>
      tx.query(
        `WITH p AS (SELECT id, row_number() OVER (ORDER BY lower(name)) - 1 AS n FROM projects WHERE user_id = $1),
              t AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM traces WHERE user_id = $1)
         UPDATE traces SET project_id = CASE WHEN t.n % 10 = 0 THEN NULL
                                             ELSE (SELECT p.id FROM p WHERE p.n = t.n % $2) END,
                           pinned = t.n % 50 = 0
           FROM t WHERE traces.id = t.id`,
        [user.userId, projectCount],
      ),
    );
    await t.db.runOutsideTransaction('VACUUM ANALYZE');
    log(`${size} traces over ${projectCount} projects in ${Math.round(performance.now() - fillStart)} ms`);

    const rand = prng(7);
    const words = corpus.vocabulary;
    const request = async (withTask: boolean) => {
      const project = names[Math.floor(rand() * names.length)]!;
      const params = new URLSearchParams({ project });
      if (withTask)
        params.set(
          'task',
          `${words[200 + Math.floor(rand() * 2000)]} ${words[1000 + Math.floor(rand() * 4000)]}`,
        );
      const start = performance.now();
      const res = await fetch(`${base}/api/context?${params.toString()}`, { headers });
      const body = (await res.json()) as { items?: unknown[]; used_tokens?: number };
      if (!res.ok) throw new Error(`context: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - start, items: body.items?.length ?? 0, tokens: body.used_tokens ?? 0 };
    };
    for (let i = 0; i < 20; i++) await request(i % 2 === 0); // warm plans and caches
    const plain: number[] = [];
    const withTask: number[] = [];
    const items: number[] = [];
    const tokens: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const a = await request(false);
      plain.push(a.ms);
      items.push(a.items);
      tokens.push(a.tokens);
      withTask.push((await request(true)).ms);
    }
    const mean = (xs: number[]) =>
      Math.round((xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length)) * 10) / 10;
    process.stdout.write(
      `${JSON.stringify({
        bench: 'context',
        engine,
        size,
        projects: projectCount,
        iterations,
        cpus: cpus().length,
        load_before: loadBefore,
        briefing_ms: percentiles(plain),
        briefing_with_task_ms: percentiles(withTask),
        mean_items: mean(items),
        mean_tokens: mean(tokens),
      })}\n`,
    );
  } finally {
    await t.close();
    await close();
  }
}
