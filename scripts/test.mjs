#!/usr/bin/env node
// `npm test`: every suite, in order, stopping at the first failure:
//   1. unit + integration tests (vitest) on the embedded database (PGlite);
//   2. the server suites again on a throwaway PostgreSQL 15 + pgvector (scripts/test-postgres.mjs);
//   3. the build (web app + server), then the end-to-end tests in Chromium (Playwright).
// It installs what the tests need (Chromium; PostgreSQL + pgvector) when missing and run as root.
import { execFileSync, spawnSync } from 'node:child_process';

function run(label, cmd, args, env = process.env) {
  process.stdout.write(`\n── ${label} ──\n`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (res.status !== 0) {
    process.stderr.write(`\nnpm test: "${label}" failed.\n`);
    process.exit(res.status ?? 1);
  }
}

const node = process.execPath;
run('unit + integration (embedded PGlite)', 'npx', ['vitest', 'run']);
run('server suites on PostgreSQL', node, ['scripts/test-postgres.mjs']);
run('build', 'npm', ['run', 'build']);
const chromium = execFileSync(node, ['scripts/ensure-chromium.mjs'], { stdio: ['ignore', 'pipe', 'inherit'] })
  .toString()
  .trim()
  .split('\n')
  .at(-1);
run('end-to-end (Chromium)', 'npx', ['playwright', 'test'], { ...process.env, CHROMIUM_PATH: chromium });
