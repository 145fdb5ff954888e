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
// The suite needs Node >= 22; it runs through `npx -p node@22`, whatever Node runs this script.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SUITE = '@modelcontextprotocol/conformance@0.1.16';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASELINE = path.join(ROOT, 'tests/conformance/baseline.yml');
const dashDash = process.argv.indexOf('--');
const args = process.argv.slice(2, dashDash === -1 ? undefined : dashDash);
const passOn = dashDash === -1 ? [] : process.argv.slice(dashDash + 1);
const scenarioAt = args.indexOf('--scenario');
const scenario = scenarioAt >= 0 ? args[scenarioAt + 1] : undefined;
const useBaseline = !args.includes('--no-baseline');

const log = (msg) => process.stderr.write(`mcp-conformance: ${msg}\n`);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function api(base, method, url, body, token) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function startServer(port, dataDir) {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  while (!output.includes('is running at')) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start within 90 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

function runSuite(url, secret) {
  const suiteArgs = ['-y', '-p', 'node@22', '-p', SUITE, 'conformance', 'server', '--url', url];
  if (scenario) suiteArgs.push('--scenario', scenario);
  if (useBaseline) suiteArgs.push('--expected-failures', BASELINE);
  suiteArgs.push(...passOn);
  const mask = (chunk) => String(chunk).split(secret).join('cairn_[REDACTED]');
  return new Promise((resolve) => {
    const child = spawn('npx', suiteArgs, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => process.stdout.write(mask(d)));
    child.stderr.on('data', (d) => {
      const text = mask(d);
      // npm's own chatter about the pinned Node package is noise here.
      if (!/^npm warn/m.test(text)) process.stderr.write(text);
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/** The newest modification time of the server's sources, to rebuild a stale dist/. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

async function main() {
  const built = path.join(ROOT, 'dist/server/main.js');
  const sources = Math.max(
    newestSource(path.join(ROOT, 'server')),
    newestSource(path.join(ROOT, 'contract')),
  );
  if (!existsSync(built) || statSync(built).mtimeMs < sources) {
    log('dist/server is missing or older than the sources: building the server');
    execFileSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cairn-conformance-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server;
  try {
    server = await startServer(port, dataDir);
    log(`Cairn is running at ${base} (data in ${dataDir})`);
    const owner = await api(base, 'POST', '/api/auth/setup', {
      email: 'conformance@example.com',
      password: randomBytes(12).toString('base64url'),
    });
    const { key } = await api(
      base,
      'POST',
      '/api/api-keys',
      { name: 'conformance', permissions: ['read:traces', 'write:traces'] },
      owner.access_token,
    );
    log(`running ${SUITE}${scenario ? ` (scenario ${scenario})` : ''}`);
    return await runSuite(`${base}/mcp?api_key=${key}`, key);
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    log(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
