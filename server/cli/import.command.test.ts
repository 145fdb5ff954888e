// Real: the import command's code, the import service and runner it drives, the traces service,
// the migrated database. Faked: nothing; the CLI context is built from a test app instead of the
// environment (with its own runner, as the command stops the runner when it ends).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImportRunner } from '../features/account/import-runner.js';
import { createImportService } from '../features/account/import.service.js';
import { createNearDuplicates } from '../features/search/near-duplicates.js';
import { createTestApp } from '../test-support/test-app.js';
import type { CliContext } from './context.js';
import { runImportCommand } from './import.command.js';
import { CliUsageError } from './io.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const FIXTURES = path.resolve(import.meta.dirname, '../../tests/fixtures/import');

describe('cairn import', () => {
  let t: TestApp;
  // Words only here (no vectors in a preview), so the model id is never consulted.
  const nearDuplicates = createNearDuplicates({ model: 'unused' });
  const ctx = async () => {
    const importRunner = createImportRunner({
      db: t.db,
      traceBatch: t.app.services.traceBatch,
      log: t.app.log,
    });
    const imports = createImportService({
      db: t.db,
      findSimilar: (tx, userId, draft) => nearDuplicates.find(tx, userId, draft, null),
      onStarted: () => importRunner.kick(),
    });
    return {
      services: { ...t.app.services, imports, importRunner, embedder: { close: async () => {} } },
    } as unknown as CliContext;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.services.users.create('cli-import@example.com', 'cli import password');
  });
  afterAll(async () => t.close());

  it('previews, imports and reports a file; a second run imports nothing', async () => {
    const file = path.join(FIXTURES, 'mcp-memory.jsonl');
    const first: string[] = [];
    await runImportCommand([file, '--email', 'CLI-import@example.com'], ctx, (l) => first.push(l));
    expect(first).toEqual([
      'mcp-memory.jsonl (mcp-memory): 5 item(s): 3 new, 0 duplicate(s), 0 near-duplicate(s), 2 invalid.',
      'Imported 3, 0 already there, 2 failed.',
      '  line 5: an entity needs a name',
      '  line 6: is not valid JSON',
    ]);
    const second: string[] = [];
    await runImportCommand([file, '--email', 'cli-import@example.com'], ctx, (l) => second.push(l));
    expect(second[1]).toBe('Imported 0, 3 already there, 2 failed.');
  });

  it('stops after the preview when asked, and refuses bad arguments', async () => {
    const out: string[] = [];
    await runImportCommand(
      [path.join(FIXTURES, 'chatgpt-memories.md'), '--email', 'cli-import@example.com', '--preview'],
      ctx,
      (l) => out.push(l),
    );
    expect(out).toEqual([
      'chatgpt-memories.md (text): 6 item(s): 5 new, 1 duplicate(s), 0 near-duplicate(s), 0 invalid.',
    ]);
    await expect(runImportCommand(['--email', 'x@example.com'], ctx, () => {})).rejects.toThrow(
      CliUsageError,
    );
    await expect(
      runImportCommand(['/no/such/file', '--email', 'cli-import@example.com'], ctx, () => {}),
    ).rejects.toThrow(/No such file/);
    await expect(
      runImportCommand(
        [path.join(FIXTURES, 'mem0-export.json'), '--email', 'nobody@example.com'],
        ctx,
        () => {},
      ),
    ).rejects.toThrow(/No account with the e-mail/);
  });
});
