import {
  type EXPORT_FORMATS,
  ImportedTrace,
  type ImportRequest,
  type ImportResponse,
} from '../../../contract/account.js';
import { AppError, unauthorized } from '../../http/errors.js';
import { type Principal, requireScope, requireSession } from '../../http/principal.js';
import type { HistoryService } from '../traces/history.service.js';
import type { TracesService } from '../traces/traces.service.js';
import type { UsersService } from '../users/users.service.js';
import { cairnJson, markdownZip, mcpMemoryJsonl } from './formats/export-stream.js';
import { requireOwner } from './owner.js';

export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type ExportDownload = {
  fileName: string;
  contentType: string;
  body: AsyncGenerator<string | Buffer>;
};

const EXPORT_PAGE = 1000;

/**
 * The account as a whole: export every memory, import an export, delete everything. Only the
 * person may do these: export and import in the web app or with their own API key, deletion only
 * signed in (an assistant's OAuth token must not carry off or erase the account). Imports go through the traces service, so validation, dedup and automatic
 * categorisation are the same as for any create.
 */
export function createAccountService(deps: {
  users: UsersService;
  traces: TracesService;
  history: Pick<HistoryService, 'ofTraces'>;
}) {
  const { users, traces, history } = deps;

  /** Every trace, a page at a time; with `withHistory`, each with its versions (read per page). */
  async function* readAll(principal: Principal, withHistory = false) {
    for (let after: string | null = null; ;) {
      const page = await traces.readPage(principal, after, EXPORT_PAGE);
      if (withHistory) {
        const versions = await history.ofTraces(
          principal,
          page.map((t) => t.id),
        );
        yield* page.map((t) => ({ ...t, versions: versions.get(t.id) ?? [] }));
      } else yield* page;
      after = page.at(-1)?.id ?? null;
      if (!after || page.length < EXPORT_PAGE) return;
    }
  }

  return {
    /**
     * The account's traces in one of the export formats, as a stream of chunks: pages are read
     * one after another (keyset, each its own short transaction), so memory stays at one page
     * whatever the account's size, and traces written meanwhile belong to the next export.
     */
    async exportStream(
      principal: Principal,
      format: ExportFormat,
      opts: { includeHistory?: boolean } = {},
    ): Promise<ExportDownload> {
      requireOwner(principal, 'Only the account owner can export the account');
      // Checked here, before the first byte: the pages are read after the response has begun.
      requireScope(principal, 'read:traces');
      const user = await users.findById(principal.userId);
      if (!user) throw unauthorized('User not found');
      const day = new Date().toISOString().slice(0, 10);
      const all = readAll(principal);
      if (format === 'markdown') {
        return {
          fileName: `cairn-export-${day}.zip`,
          contentType: 'application/zip',
          body: markdownZip(`cairn-${day}`, all),
        };
      }
      if (format === 'mcp-memory') {
        return {
          fileName: `cairn-memory-${day}.jsonl`,
          contentType: 'application/x-ndjson; charset=utf-8',
          body: mcpMemoryJsonl(all),
        };
      }
      const account = { email: user.email, created_at: user.created_at.toISOString() };
      return {
        fileName: `cairn-export-${day}.json`,
        contentType: 'application/json; charset=utf-8',
        body: cairnJson(account, opts.includeHistory ? readAll(principal, true) : all),
      };
    },

    /** Saves each trace on its own: one bad item is reported by position and the rest still land. */
    async importTraces(principal: Principal, body: ImportRequest): Promise<ImportResponse> {
      requireOwner(principal, 'Only the account owner can import traces');
      requireScope(principal, 'write:traces');
      const result: ImportResponse = { imported: 0, duplicates: 0, failed: [] };
      for (const [index, raw] of body.traces.entries()) {
        const parsed = ImportedTrace.safeParse(raw);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
          result.failed.push({ index, error: `${where}${issue?.message ?? 'is not a trace'}` });
          continue;
        }
        const { created_at, ...fields } = parsed.data;
        try {
          const saved = await traces.create(principal, fields, {
            source: 'import',
            ...(created_at ? { createdAt: new Date(created_at) } : {}),
          });
          if (saved.created) result.imported++;
          else result.duplicates++;
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500) throw err;
          result.failed.push({ index, error: err.message });
        }
      }
      return result;
    },

    /** Erases the account and everything in it (cascade), after the password confirms it is them. */
    async deleteAccount(principal: Principal, password: string): Promise<void> {
      requireSession(principal, 'Only a signed-in person can delete the account');
      await users.confirmPassword(principal.userId, password, 'password');
      await users.deleteAccount(principal.userId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
