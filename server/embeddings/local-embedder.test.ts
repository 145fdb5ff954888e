// Real: the bundled USE-lite model in real worker threads started through server/workers/start-worker.ts (from
// TypeScript source, as under tsx). Faked: nothing. The model loads once per worker for this file.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { dot } from './embedder.js';
import { createLocalEmbedder, LOCAL_MODEL_ID } from './local-embedder.js';
import { adaptQuery, loadQueryAdapter } from './query-adapter.js';

const embedder = createLocalEmbedder({ threads: 2 });
afterAll(() => embedder.close());

describe('local embedder (USE-lite in worker threads)', () => {
  it('returns 512-d unit vectors where paraphrases are closer than unrelated notes', async () => {
    const [dark, dark2, kid, deadline] = await embedder.embed([
      'User prefers dark mode in all editors',
      'The user likes dark colour themes in their code editor',
      'My daughter Emma was born on 3 March 2019',
      'The Q3 board report is due on Friday',
    ]);
    for (const v of [dark, dark2, kid, deadline]) {
      expect(v).toHaveLength(512);
      expect(dot(v!, v!)).toBeCloseTo(1, 5);
    }
    expect(dot(dark!, dark2!)).toBeGreaterThan(0.5);
    expect(dot(dark!, dark2!)).toBeGreaterThan(dot(dark!, kid!) + 0.3);
    expect(dot(dark!, dark2!)).toBeGreaterThan(dot(dark!, deadline!) + 0.3);
  });

  it('answers concurrent calls each with their own vectors, identical text identically', async () => {
    const texts = ['apples', 'a flight to Lisbon', 'allergic to penicillin', 'use pnpm', 'apples'];
    const results = await Promise.all(texts.map((t) => embedder.embed([t])));
    const batch = await embedder.embed(texts);
    results.forEach((r, i) => expect(dot(r[0]!, batch[i]!)).toBeCloseTo(1, 4));
    expect(dot(batch[0]!, batch[4]!)).toBeCloseTo(1, 5);
    expect(dot(batch[0]!, batch[1]!)).toBeLessThan(0.9);
    expect(embedder.stats()).toMatchObject({ workers: 2, ready: 2, busy: 0, queued: 0 });
  });

  it('embeds text longer than one model window by averaging its pieces', async () => {
    const travel = 'We fly to Lisbon in May and stay in a small hotel in Alfama near the castle. ';
    const long = travel.repeat(60); // ~4,600 characters: three pieces
    const [l, t, other] = await embedder.embed([long, travel, 'The database migration failed again']);
    expect(dot(l!, l!)).toBeCloseTo(1, 5);
    expect(dot(l!, t!)).toBeGreaterThan(0.8);
    expect(dot(l!, t!)).toBeGreaterThan(dot(l!, other!));
  });

  it("re-weights a search query with the fitted adapter; documents keep the model's own vector", async () => {
    const text = 'Which antibiotic medicine should I avoid?';
    const [plain] = await embedder.embed([text]);
    const [document] = await embedder.embed([text], { inputType: 'document' });
    const [query] = await embedder.embed([text], { inputType: 'query' });
    expect(dot(plain!, document!)).toBeCloseTo(1, 5);
    expect(dot(query!, query!)).toBeCloseTo(1, 5);
    expect(dot(query!, plain!)).toBeLessThan(0.99);
    const expected = adaptQuery(plain!, loadQueryAdapter(LOCAL_MODEL_ID, 512));
    expect(dot(query!, expected)).toBeCloseTo(1, 5);
  });

  it('close() ends the threads; an idle pool never keeps a process alive', async () => {
    const e = createLocalEmbedder({ threads: 1 });
    await e.embed(['hello']);
    expect(e.stats().workers).toBe(1);
    await e.close();
    expect(e.stats().workers).toBe(0);
    await expect(e.embed(['hello'])).rejects.toThrow('The embedder was closed');

    // A script that embeds and never calls close() must still exit on its own.
    const script = `
      import { createLocalEmbedder } from ${JSON.stringify(new URL('./local-embedder.ts', import.meta.url).href)};
      const v = await createLocalEmbedder({ threads: 1 }).embed(['hello world']);
      console.log(v[0].length);`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)), timeout: 25_000 },
    );
    expect(stdout.trim()).toBe('512');
  });
});
