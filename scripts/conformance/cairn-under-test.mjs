// A freshly built Cairn for the official conformance suites (scripts/mcp-conformance.mjs,
// scripts/oauth-conformance.mjs): dist/server is rebuilt when older than the sources, the server
// runs on 127.0.0.1 with a throwaway DATA_DIR and an owner account, and is stopped afterwards.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const log = (name, msg) => process.stderr.write(`${name}: ${msg}\n`);

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** A JSON call to Cairn's API; throws with the answer when it is not 2xx. */
export async function api(base, method, url, body, token) {
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

/** The newest modification time of the server's sources, to rebuild a stale dist/. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Runs `fn({ base, ownerToken })` against a fresh Cairn and stops it afterwards, whatever
 * happens; returns what fn returns (the suite's exit code).
 */
export async function withFreshCairn(name, fn) {
  const built = path.join(ROOT, 'dist/server/main.js');
  const sources = Math.max(
    newestSource(path.join(ROOT, 'server')),
    newestSource(path.join(ROOT, 'contract')),
  );
  if (!existsSync(built) || statSync(built).mtimeMs < sources) {
    log(name, 'dist/server is missing or older than the sources: building the server');
    execFileSync('npm', ['run', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cairn-conformance-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server;
  try {
    server = await startServer(port, dataDir);
    log(name, `Cairn is running at ${base} (data in ${dataDir})`);
    const owner = await api(base, 'POST', '/api/auth/setup', {
      email: 'conformance@example.com',
      password: randomBytes(12).toString('base64url'),
    });
    return await fn({ base, ownerToken: owner.access_token });
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs a pinned suite through `npx -p node@22` (the suites need Node >= 22, whatever Node runs
 * this), masking `secret` in its output and dropping npm's chatter. `onStdout` sees each chunk.
 */
export function runSuite(pkg, suiteArgs, { secret, onStdout } = {}) {
  const mask = (chunk) => (secret ? String(chunk).split(secret).join('[REDACTED]') : String(chunk));
  return new Promise((resolve) => {
    const child = spawn('npx', ['-y', '-p', 'node@22', '-p', pkg, 'conformance', ...suiteArgs], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => {
      process.stdout.write(mask(d));
      onStdout?.(String(d));
    });
    child.stderr.on('data', (d) => {
      const text = mask(d);
      if (!/^npm warn/m.test(text)) process.stderr.write(text);
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}
