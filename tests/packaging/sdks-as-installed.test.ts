// The SDKs as their users install them (issue 26): each is packed and installed into a scratch
// project outside the repository, offline (npm --offline, pip --no-index), then used. Real: npm,
// tsc, pip, python3, a closed port for the refused connection. Nothing faked.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/test-support/free-port.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'cairn-sdk-install-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** An address nothing listens on: a free port, closed again. */
const closedUrl = async () => `http://127.0.0.1:${await freePort()}`;

describe('the SDKs as users install them', () => {
  it('TypeScript: the packed @cairn/sdk installs offline, type-checks strictly with real types, and a refused connection is a CairnConnectionError', async () => {
    const packs = path.join(scratch, 'packs');
    const project = path.join(scratch, 'ts-project');
    await run('npm', ['run', 'build', '--workspace', '@cairn/sdk'], { cwd: ROOT });
    await run('mkdir', ['-p', packs]);
    await run('npm', ['pack', '--pack-destination', packs, '--ignore-scripts'], {
      cwd: path.join(ROOT, 'packages/sdk'),
    });
    // zod, the one dependency, from the copy npm ci installed: the scratch install needs no registry.
    await run(
      'npm',
      ['pack', '--pack-destination', packs, '--ignore-scripts', path.join(ROOT, 'node_modules/zod')],
      {
        cwd: ROOT,
      },
    );
    const tarballs = readdirSync(packs).map((f) => path.join(packs, f));
    expect(tarballs.map((f) => path.basename(f)).sort()).toEqual([
      expect.stringMatching(/^cairn-sdk-\d+\.\d+\.\d+\.tgz$/),
      expect.stringMatching(/^zod-4\.[\d.]+\.tgz$/),
    ]);

    await run('mkdir', ['-p', project]);
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'scratch', private: true, type: 'module' }),
    );
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs], {
      cwd: project,
    });
    writeFileSync(
      path.join(project, 'check.ts'),
      [
        "import { Cairn, CairnConnectionError, type SearchResponse, type Trace } from '@cairn/sdk';",
        'declare const process: { argv: string[] };',
        "const client = new Cairn({ baseUrl: process.argv[2]!, apiKey: 'cairn_' + 'x'.repeat(32), maxRetries: 0 });",
        "const mode: SearchResponse['mode'] = 'hybrid';",
        "// @ts-expect-error: a trace's importance is a closed set; were the types `any`, this would pass",
        "const importance: Trace['importance'] = 'enormous';",
        'try {',
        '  const page = await client.listTraces();',
        '  console.log(`answered ${page.totalCount}`, mode, importance);',
        '} catch (err) {',
        '  console.log(err instanceof CairnConnectionError ? `${err.code} ${err.status}` : `other: ${String(err)}`);',
        '}',
      ].join('\n'),
    );
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    await run(
      process.execPath,
      [
        tsc,
        '--strict',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--lib',
        'es2022,dom',
        '--outDir',
        'out',
        'check.ts',
      ],
      { cwd: project },
    ).catch((err: { stdout?: string }) => {
      throw new Error(`tsc in the scratch project failed:\n${err.stdout ?? String(err)}`);
    });
    const { stdout } = await run(process.execPath, ['out/check.js', await closedUrl()], { cwd: project });
    expect(stdout.trim()).toBe('connection_failed 0');
  }, 240_000);

  it('Python: pip installs cairn-sdk with no index, and a refused connection is a CairnConnectionError', async () => {
    const target = path.join(scratch, 'site-packages');
    // --no-index: offline by construction; the package's own backend needs nothing from an index.
    await run(
      'python3',
      [
        '-m',
        'pip',
        'install',
        '--no-index',
        '--no-cache-dir',
        '--target',
        target,
        path.join(ROOT, 'packages/sdk-python'),
      ],
      { cwd: scratch },
    ).catch((err: { stderr?: string }) => {
      throw new Error(`pip install failed:\n${err.stderr ?? String(err)}`);
    });
    const script = [
      'import sys, cairn_sdk',
      'assert cairn_sdk.__file__.startswith(sys.argv[2]), cairn_sdk.__file__',
      "client = cairn_sdk.Cairn(sys.argv[1], api_key='cairn_' + 'x' * 32, max_retries=0)",
      'try:',
      '    client.list_traces()',
      "    print('answered')",
      'except cairn_sdk.CairnConnectionError as err:',
      '    print(err.code, err.status)',
      'except Exception as err:',
      "    print('other:', type(err).__name__, err)",
    ].join('\n');
    const { stdout } = await run('python3', ['-c', script, await closedUrl(), target], {
      cwd: scratch,
      env: { ...process.env, PYTHONPATH: target },
    });
    expect(stdout.trim()).toBe('connection_failed 0');
  }, 120_000);
});
