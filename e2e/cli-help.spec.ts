// Real: the built command line (dist/server/cli/main.js, what `npm run cairn` runs from source) and
// a freshly built server's start banner. Faked: nothing. No browser: the command line is the page.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startServer } from './support/server.js';

const ROOT = path.resolve(import.meta.dirname, '..');

function cairn(...args: string[]) {
  // An empty data directory that is never opened: --help must answer before any database.
  const res = spawnSync(process.execPath, ['dist/server/cli/main.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: path.join(ROOT, 'test-results', 'cli-help-never-opened') },
    encoding: 'utf8',
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

const COMMANDS = [
  [],
  ['user'],
  ['user', 'create'],
  ['user', 'reset-password'],
  ['user', 'list'],
  ['reindex'],
  ['import'],
  ['backup'],
  ['restore'],
  ['doctor'],
];

for (const command of COMMANDS) {
  for (const flag of ['--help', '-h']) {
    test(`cairn ${[...command, flag].join(' ')} prints its usage`, () => {
      const { code, stdout, stderr } = cairn(...command, flag);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toContain('Usage:');
      expect(stdout).toContain(`npm run cairn -- ${command.join(' ')}`.trim());
      expect(stdout).not.toMatch(/^\s+at /m);
    });
  }
}

test('an unknown option is a short message with the usage, never a stack trace', () => {
  const { code, stdout, stderr } = cairn('user', 'create', '--bogus');
  expect(code).toBe(64);
  expect(stdout).toBe('');
  expect(stderr).toContain("Unknown option '--bogus'");
  expect(stderr).toContain('npm run cairn -- user create');
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toContain('TypeError');
});

test('the usage and the start banner show the prompting form of user create', async () => {
  const usage = cairn('user', 'create', '--help').stdout;
  expect(usage).toContain('npm run cairn -- user create --email <e-mail>');
  expect(usage).not.toMatch(/user create .*--password/);
  const server = await startServer();
  try {
    const banner = server.output();
    expect(banner).toContain('npm run cairn -- user create --email you@example.com');
    expect(banner).not.toContain('--password');
  } finally {
    await server.stop();
  }
});
