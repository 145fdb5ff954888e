#!/usr/bin/env node
// The official MCP conformance suite (@modelcontextprotocol/conformance, pinned) against a real
// built Cairn: `node scripts/mcp-conformance.mjs [--scenario NAME] [--no-baseline] [-- SUITE OPTIONS]`
// (e.g. `-- --verbose` or `-- -o results/`: passed on to `conformance server`).
//
// Starts dist/server/main.js (built first if missing or stale) on 127.0.0.1 with a fresh DATA_DIR, creates
// the owner and an API key through the REST API, points the suite at /mcp and fails on any
// failure not listed, with its reason, in tests/conformance/baseline.yml. The suite cannot send
// headers, so the key travels as `?api_key=` (the documented form for such clients); it is a
// throwaway key of a throwaway server, and is masked in the output anyway.
import path from 'node:path';
import { api, log, ROOT, runSuite, withFreshCairn } from './conformance/cairn-under-test.mjs';

const SUITE = '@modelcontextprotocol/conformance@0.1.16';
const BASELINE = path.join(ROOT, 'tests/conformance/baseline.yml');
const dashDash = process.argv.indexOf('--');
const args = process.argv.slice(2, dashDash === -1 ? undefined : dashDash);
const passOn = dashDash === -1 ? [] : process.argv.slice(dashDash + 1);
const scenarioAt = args.indexOf('--scenario');
const scenario = scenarioAt >= 0 ? args[scenarioAt + 1] : undefined;
const useBaseline = !args.includes('--no-baseline');

withFreshCairn('mcp-conformance', async ({ base, ownerToken }) => {
  const { key } = await api(
    base,
    'POST',
    '/api/api-keys',
    { name: 'conformance', permissions: ['read:traces', 'write:traces'] },
    ownerToken,
  );
  log('mcp-conformance', `running ${SUITE}${scenario ? ` (scenario ${scenario})` : ''}`);
  const suiteArgs = ['server', '--url', `${base}/mcp?api_key=${key}`];
  if (scenario) suiteArgs.push('--scenario', scenario);
  if (useBaseline) suiteArgs.push('--expected-failures', BASELINE);
  return runSuite(SUITE, [...suiteArgs, ...passOn], { secret: key });
}).then(
  (code) => process.exit(code),
  (err) => {
    log('mcp-conformance', err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
