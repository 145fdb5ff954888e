#!/usr/bin/env node
// `npm test`: every suite, in order: unit + integration (vitest), then end-to-end (Playwright in
// Chromium, added by scripts/ensure-chromium.mjs once the web app exists).
import { spawnSync } from 'node:child_process';

function run(cmd, args) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', shell: false });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

run('npx', ['vitest', 'run']);
