#!/usr/bin/env node
// `npm test`: every gate and suite CI runs, in order, stopping at the first failure:
//   1. typecheck (server, web, e2e, packages), lint (ESLint, with the layer rules) and the Prettier
//      format check: the cheap gates first, so a red build fails in seconds, not after the suites;
//   2. unit + integration tests (vitest) on the embedded database (PGlite);
//   3. the server suites again on a throwaway PostgreSQL 15 + pgvector (scripts/test-postgres.mjs),
//      on Node 24 LTS (scripts/node-lts.mjs; ADR 0032);
//   4. the build (web app + server), then the end-to-end tests in Chromium (Playwright), the built
//      server running on Node 24 LTS.
// It installs what the tests need (Chromium; PostgreSQL + pgvector) when missing and run as root.
import { execFileSync, spawnSync } from 'node:child_process';
import { nodeLtsBinary } from './node-lts.mjs';

function run(label, cmd, args, env = process.env) {
  process.stdout.write(`\n── ${label} ──\n`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (res.status !== 0) {
    process.stderr.write(`\nnpm test: "${label}" failed.\n`);
    process.exit(res.status ?? 1);
  }
}

const node = process.execPath;
// Node 24 LTS beside the machine's Node (ADR 0032): the PostgreSQL server suites and the built server
// the end-to-end tests drive run on it; the embedded-database suites on the machine's Node.
const lts = process.env.CAIRN_TEST_NODE ?? nodeLtsBinary();
const ltsEnv = { ...process.env, CAIRN_TEST_NODE: lts };
run('typecheck', 'npm', ['run', 'typecheck']);
run('lint and format check', 'npm', ['run', 'lint']);
run('unit + integration (embedded PGlite)', 'npx', ['vitest', 'run']);
run('server suites on PostgreSQL (Node 24 LTS)', node, ['scripts/test-postgres.mjs'], ltsEnv);
run('build', 'npm', ['run', 'build']);
const chromium = execFileSync(node, ['scripts/ensure-chromium.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] })
  .toString()
  .trim()
  .split('\n')
  .at(-1);
run('end-to-end (Chromium, server on Node 24 LTS)', 'npx', ['playwright', 'test'], {
  ...ltsEnv,
  CHROMIUM_PATH: chromium,
  CAIRN_SERVER_NODE: lts,
});
