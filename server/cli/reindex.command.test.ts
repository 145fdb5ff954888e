// Real: the reindex command's code, the services it drives (embedding queue and worker), the
// migrated database (PGlite, or PostgreSQL under TEST_DATABASE_URL). Faked: the embedding model
// (feature hashing), and the CLI context is built from a test app instead of the environment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeEmbedder } from '../embeddings/fake-embedder.js';
import type { Principal } from '../http/principal.js';
import { createTestApp } from '../test-support/test-app.js';
import type { CliContext } from './context.js';
import { CliUsageError } from './io.js';
import { runReindexCommand } from './reindex.command.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

describe('cairn reindex', () => {
  let t: TestApp;
  let principal: Principal;
  const lines: string[] = [];
  let closed = 0;
  // The command closes the embedder when it is done (a CLI process ends there); this app lives on.
  const ctx = async () =>
    ({
      services: {
        ...t.app.services,
        embedder: { modelId: t.app.services.embedder.modelId, close: async () => void closed++ },
      },
    }) as unknown as CliContext;
  const vectors = async () =>
    (
      await t.db.asSystem((tx) => tx.query<{ n: number }>('SELECT count(*)::int AS n FROM trace_embeddings'))
    )[0]!.n;

  beforeAll(async () => {
    t = await createTestApp({}, { embedder: createFakeEmbedder({ dimension: 512 }) });
    const user = await t.app.services.users.create('reindex@example.com', 'reindex password');
    principal = {
      userId: user.id,
      via: 'session',
      scopes: ['read:traces', 'write:traces'],
      credentialId: 'r',
    };
    for (let i = 0; i < 5; i++) {
      await t.app.services.traces.create(principal, {
        content: `Note ${i} to embed`,
        category: 'fact',
        importance: 'low',
        tags: [],
      });
    }
  });
  afterAll(async () => t.close());

  it('embeds every queued trace and says what it did', async () => {
    process.exitCode = undefined;
    await runReindexCommand([], ctx, (l) => lines.push(l));
    expect(await vectors()).toBe(5);
    expect(lines.join('\n')).toContain('Model fake-hash-512');
    expect(lines.at(-1)).toBe('Embedded 5 trace(s). Every active trace has a vector from fake-hash-512.');
    expect(process.exitCode).toBeUndefined();
    expect(closed).toBe(1);
  });

  it('re-embeds everything with --all, and refuses unknown options', async () => {
    lines.length = 0;
    await runReindexCommand(['--all'], ctx, (l) => lines.push(l));
    expect(lines[0]).toContain('queued 5 trace(s)');
    expect(lines.at(-1)).toBe('Embedded 5 trace(s). Every active trace has a vector from fake-hash-512.');
    await expect(runReindexCommand(['--everything'], ctx, () => {})).rejects.toBeInstanceOf(CliUsageError);
  });
});
