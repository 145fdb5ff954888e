import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processGroup } from '../support/processes.js';

/** The CLI as a self-hoster runs it: `npm run cairn -- user …` against a real data directory. */

const dataDir = mkdtempSync(path.join(tmpdir(), 'cairn-cli-'));
const procs = processGroup();
afterAll(() => {
  procs.killAll();
  rmSync(dataDir, { recursive: true, force: true });
});

async function cairn(args: string[], stdin?: string) {
  const run = procs.runNode(['server/cli/main.ts', ...args], { DATA_DIR: dataDir }, stdin);
  const code = await run.exited;
  return { code, output: run.output() };
}

describe('cairn CLI', () => {
  it('creates, lists and resets accounts, with clear errors', async () => {
    expect(await cairn(['user', 'list'])).toMatchObject({
      code: 0,
      output: expect.stringContaining('No accounts yet'),
    });

    const weak = await cairn(['user', 'create', '--email', 'me@example.com', '--password', 'short']);
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('Password should be at least 8 characters');

    // The password may come on standard input, keeping it out of shell history.
    const created = await cairn(['user', 'create', '--email', 'Me@Example.com'], 'a long enough password\n');
    expect(created.code).toBe(0);
    expect(created.output).toContain('Created Me@Example.com');

    const again = await cairn([
      'user',
      'create',
      '--email',
      'me@example.com',
      '--password',
      'another password',
    ]);
    expect(again.code).toBe(1);
    expect(again.output).toContain('User already registered');

    const list = await cairn(['user', 'list']);
    expect(list.output).toMatch(/[0-9a-f-]{36} {2}Me@Example\.com/);

    const reset = await cairn([
      'user',
      'reset-password',
      '--email',
      'me@example.com',
      '--password',
      'new password!',
    ]);
    expect(reset.code).toBe(0);
    const unknown = await cairn([
      'user',
      'reset-password',
      '--email',
      'nobody@example.com',
      '--password',
      'new password!',
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('No account with the e-mail nobody@example.com');

    const usage = await cairn(['user', 'create']);
    expect(usage.code).toBe(64);
    expect(usage.output).toContain('user create needs --email');
    expect((await cairn(['frobnicate'])).code).toBe(64);
  }, 600_000);
});
