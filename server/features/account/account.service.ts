import {
  type AccountExport,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  ImportedTrace,
  type ImportRequest,
  type ImportResponse,
} from '../../../contract/account.js';
import { AppError, unauthorized } from '../../http/errors.js';
import { type Principal, requireSession } from '../../http/principal.js';
import type { TracesService } from '../traces/traces.service.js';
import type { UsersService } from '../users/users.service.js';

const EXPORT_PAGE = 1000;

/**
 * The account as a whole: export every memory, import an export, delete everything. Only the
 * person, signed in to the web app, may do these (an assistant's key must not carry off or erase
 * the account). Imports go through the traces service, so validation, dedup and automatic
 * categorisation are the same as for any create.
 */
export function createAccountService(deps: { users: UsersService; traces: TracesService }) {
  const { users, traces } = deps;

  return {
    async exportAll(principal: Principal): Promise<AccountExport> {
      requireSession(principal, 'Only a signed-in person can export the account');
      const user = await users.findById(principal.userId);
      if (!user) throw unauthorized('User not found');
      // Page by page (keyset), each page its own short transaction, so a large export never holds
      // the database; traces written meanwhile are newer than the cursor and belong to the next one.
      const out: AccountExport['traces'] = [];
      for (let after: string | null = null; ;) {
        const page = await traces.readPage(principal, after, EXPORT_PAGE);
        out.push(...page);
        after = page.at(-1)?.id ?? null;
        if (!after || page.length < EXPORT_PAGE) break;
      }
      return {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exported_at: new Date().toISOString(),
        account: { email: user.email, created_at: user.created_at.toISOString() },
        traces: out,
      };
    },

    /** Saves each trace on its own: one bad item is reported by position and the rest still land. */
    async importTraces(principal: Principal, body: ImportRequest): Promise<ImportResponse> {
      requireSession(principal, 'Only a signed-in person can import traces');
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
