import {
  type AccountExport,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  ImportedTrace,
  type ImportRequest,
  type ImportResponse,
} from '../../../contract/account.js';
import type { Db } from '../../db/db.js';
import { AppError, badRequest, unauthorized } from '../../http/errors.js';
import { type Principal, requireSession } from '../../http/principal.js';
import { verifyPassword } from '../auth/passwords.js';
import { toTrace, type TracesService } from '../traces/traces.service.js';
import { usersRepo } from '../users/users.repo.js';
import { accountRepo } from './account.repo.js';

const EXPORT_PAGE = 1000;

/**
 * The account as a whole: export every memory, import an export, delete everything. Only the
 * person, signed in to the web app, may do these (an assistant's key must not carry off or erase
 * the account). Imports go through the traces service, so validation, dedup and automatic
 * categorisation are the same as for any create.
 */
export function createAccountService(deps: { db: Db; traces: TracesService }) {
  const { db, traces } = deps;

  return {
    async exportAll(principal: Principal): Promise<AccountExport> {
      requireSession(principal, 'Only a signed-in person can export the account');
      const { userId } = principal;
      // One transaction: the export is a consistent snapshot even while assistants keep writing.
      return db.asUser(userId, async (tx) => {
        const user = await usersRepo.findById(tx, userId);
        if (!user) throw unauthorized('User not found');
        const out: AccountExport['traces'] = [];
        let after: { createdAt: Date; id: string } | null = null;
        for (;;) {
          const page = await accountRepo.tracesPage(tx, userId, after, EXPORT_PAGE);
          out.push(...page.map(toTrace));
          const last = page.at(-1);
          if (!last || page.length < EXPORT_PAGE) break;
          after = { createdAt: last.created_at, id: last.id };
        }
        return {
          format: EXPORT_FORMAT,
          version: EXPORT_VERSION,
          exported_at: new Date().toISOString(),
          account: { email: user.email, created_at: user.created_at.toISOString() },
          traces: out,
        };
      });
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
      const { userId } = principal;
      const user = await db.asUser(userId, (tx) => usersRepo.findById(tx, userId));
      if (!user) throw unauthorized('User not found');
      if (!(await verifyPassword(user.password_hash, password))) {
        throw badRequest('Password is incorrect', [{ path: 'password', message: 'is incorrect' }]);
      }
      await db.asUser(userId, (tx) => accountRepo.deleteUser(tx, userId));
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
