import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ImportJob } from '../../contract/account.js';
import type { Principal } from '../http/principal.js';
import type { CliContext } from './context.js';
import { CliUsageError, commandArgs } from './io.js';
import { progressBar } from './progress.js';

export const IMPORT_USAGE = `Usage:
  npm run cairn -- import FILE --email you@example.com [--preview] [--skip-near-duplicates]

Imports memories from FILE into the account: a Cairn export (.json), the MCP memory server's
knowledge graph (.jsonl), a mem0 / OpenMemory export, a .zip of Markdown notes (Obsidian,
basic-memory), or plain text with one memory per line. The format is read from the content.
Prints the preview (new, duplicates, near-duplicates, invalid), then imports with a progress bar.
--preview stops after the preview. Running the same file again imports nothing twice; an import
that was interrupted is finished by the next run of this command or by the server.`;

/** `cairn import FILE --email …`: the same job the web app and the REST API run. */
export async function runImportCommand(
  argv: string[],
  ctx: () => Promise<CliContext>,
  out: (line: string) => void,
): Promise<void> {
  const { values, positionals, help } = commandArgs(
    argv,
    { email: { type: 'string' }, preview: { type: 'boolean' }, 'skip-near-duplicates': { type: 'boolean' } },
    IMPORT_USAGE,
    { positionals: true },
  );
  if (help) return out(IMPORT_USAGE);
  const [file, ...extra] = positionals;
  if (!file || extra.length || !values.email)
    throw new CliUsageError(`Give one FILE and --email\n\n${IMPORT_USAGE}`);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw new CliUsageError(`No such file: ${file}`);

  const { services } = await ctx();
  const email = values.email.trim().toLowerCase();
  const user = (await services.users.list()).find((u) => u.email.toLowerCase() === email);
  if (!user) throw new CliUsageError(`No account with the e-mail ${values.email}`);
  // The owner, acting from the server's own machine: the same rights as signed in.
  const principal: Principal = {
    userId: user.id,
    via: 'session',
    scopes: ['read:traces', 'write:traces'],
    credentialId: 'cli',
  };
  try {
    const staged = await services.imports.stage(principal, file, path.basename(file));
    const p = staged.preview;
    out(
      `${path.basename(file)} (${staged.format}): ${p.total} item(s): ${p.new} new, ${p.duplicates} duplicate(s), ${p.near_duplicates} near-duplicate(s), ${p.invalid} invalid${p.skipped ? `, ${p.skipped} skipped (not memories)` : ''}.`,
    );
    if (values.preview) return;
    await services.imports.start(principal, staged.id, {
      skip_near_duplicates: values['skip-near-duplicates'] ?? false,
    });
    const bar = progressBar(p.total, 'import');
    let last: ImportJob = staged;
    const poll = setInterval(() => {
      void services.imports.get(principal, staged.id).then((j) => {
        last = j;
        bar.update(j.progress.processed, j.progress.failed);
      });
    }, 500);
    try {
      await services.importRunner.drain();
    } finally {
      clearInterval(poll);
    }
    last = await services.imports.get(principal, staged.id);
    bar.update(last.progress.processed, last.progress.failed);
    bar.end();
    const g = last.progress;
    out(
      `Imported ${g.imported}, ${g.duplicates} already there, ${g.failed} failed${g.skipped ? `, ${g.skipped} left out` : ''}.`,
    );
    if (g.failed) {
      const failed = await services.imports.items(principal, staged.id, {
        kind: 'invalid',
        after: 0,
        limit: 20,
      });
      for (const item of failed.items) out(`  ${item.label}: ${item.detail ?? 'failed'}`);
    }
  } finally {
    await services.importRunner.stop();
    await services.embedder.close();
  }
}
