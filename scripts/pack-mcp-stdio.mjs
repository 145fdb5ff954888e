#!/usr/bin/env node
// Builds the download the server offers at GET /downloads/cairn-mcp.tgz (ADR 0023): the stdio MCP
// client bundled into one file with its dependencies, packed by `npm pack` with no dependencies
// left to install, so `npx -y <PUBLIC_URL>/downloads/cairn-mcp.tgz` needs no package registry and
// can never resolve to someone else's package. It carries the server's version: the two ship together.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const pkgDir = path.join(root, 'packages/mcp-stdio');
const outDir = path.join(root, 'dist/downloads');
const serverVersion = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
const source = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));

const stage = mkdtempSync(path.join(tmpdir(), 'cairn-mcp-pack-'));
try {
  await build({
    entryPoints: [path.join(pkgDir, 'src/cli.ts')],
    outfile: path.join(stage, 'dist/cli.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node18',
    legalComments: 'inline',
    // Bundled CommonJS dependencies call require(); an ES module has none, so give it one.
    banner: {
      js: "import { createRequire as __cairnRequire } from 'node:module';\nconst require = __cairnRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  const manifest = {
    name: source.name,
    version: serverVersion,
    description: source.description,
    license: source.license,
    type: 'module',
    bin: source.bin,
    files: ['dist', 'README.md'],
    engines: source.engines,
  };
  writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  cpSync(path.join(pkgDir, 'README.md'), path.join(stage, 'README.md'));

  mkdirSync(outDir, { recursive: true });
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', outDir], {
      cwd: stage,
      encoding: 'utf8',
      // npm pack reads nothing from a registry; an offline flag makes sure of it.
      env: { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' },
    }),
  );
  const target = path.join(outDir, 'cairn-mcp.tgz');
  renameSync(path.join(outDir, packed.filename), target);
  const sha256 = createHash('sha256').update(readFileSync(target)).digest('hex');
  writeFileSync(`${target}.sha256`, `${sha256}  cairn-mcp.tgz\n`);
  process.stdout.write(`dist/downloads/cairn-mcp.tgz ${serverVersion} sha256 ${sha256}\n`);
} finally {
  rmSync(stage, { recursive: true, force: true });
}
