#!/usr/bin/env node
// The server test suites again, on a real PostgreSQL 15 + pgvector server instead of PGlite, so the
// DATABASE_URL path is proven by the same tests (see server/test-support/test-db.ts): with the
// isolation matrix and the fuzz suite, since row-level security and input handling differ by engine.
// Set CAIRN_SKIP_POSTGRES=1 to skip (for example on a machine where you are not root and have no
// PostgreSQL); CI never skips it.
import { spawnSync } from 'node:child_process';
import { nodeLtsBinary } from './node-lts.mjs';

if (process.env.CAIRN_SKIP_POSTGRES === '1' && process.env.CI !== 'true') {
  process.stdout.write('test-postgres: skipped (CAIRN_SKIP_POSTGRES=1)\n');
  process.exit(0);
}
// On Node 24 LTS (scripts/node-lts.mjs), while the embedded-database run uses the machine's Node: each
// server suite runs on both, at no extra CI time (ADR 0032). Vitest's workers inherit this binary.
const node = process.env.CAIRN_TEST_NODE ?? nodeLtsBinary();
process.stdout.write(`test-postgres: Node ${spawnSync(node, ['-v']).stdout.toString().trim()}\n`);
const res = spawnSync(
  process.execPath,
  [
    'scripts/postgres/with-server.mjs',
    node,
    'node_modules/vitest/vitest.mjs',
    'run',
    'server',
    'contract',
    'tests/isolation',
    'tests/fuzz',
  ],
  { stdio: 'inherit' },
);
if (res.status !== 0) {
  process.stderr.write(
    '\ntest-postgres: the PostgreSQL run failed (see above). Without root and PostgreSQL 15 + pgvector,\n' +
      'set CAIRN_SKIP_POSTGRES=1 to run only the embedded-database suites.\n',
  );
}
process.exit(res.status ?? 1);
