import type { FastifyBaseLogger } from 'fastify';
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, SAME_PASSWORD } from '../../../contract/auth.js';
import type { Db, Tx } from '../../db/db.js';
import { isUniqueViolation } from '../../db/sql.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import { type UserRow, usersRepo } from './users.repo.js';

export type PublicUser = { id: string; email: string; created_at: Date };

/** The request field a password confirmation is reported under, and the words for it. */
export type PasswordField = 'password' | 'current_password';

/**
 * Password confirmations per account (changing the password, deleting the account): a stolen
 * session must not become an unlimited password oracle. Counted before the check; a right
 * password gives its count back.
 */
export const PASSWORD_CHECK_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 15 * 60 };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function toPublicUser(row: UserRow): PublicUser {
  return { id: row.id, email: row.email, created_at: row.created_at };
}

/**
 * Identity: accounts and their passwords. The only owner of the users table and of password
 * hashing; sign-in (auth), account deletion (account), the CLI and registration all come here,
 * so a password is checked, hashed and confirmed one way everywhere.
 */
export function createUsersService(deps: {
  db: Db;
  log: Pick<FastifyBaseLogger, 'error'>;
  rateLimiter?: RateLimiter;
}) {
  const { db, log, rateLimiter } = deps;

  function checkCredentials(email: string, password: string): string {
    const normalised = email.trim();
    if (!EMAIL.test(normalised))
      throw badRequest('Enter a valid email address', [
        { path: 'email', message: 'Enter a valid email address' },
      ]);
    checkPassword(password);
    return normalised;
  }

  /** Creates the user's settings row: its failure is logged, never fatal (defaults apply without it). */
  async function ensureSettings(userId: string): Promise<void> {
    try {
      await db.asUser(userId, (tx) => usersRepo.ensureSettings(tx, userId));
    } catch (err) {
      log.error({ err, userId }, 'ensure_user_settings failed');
    }
  }

  async function findRow(userId: string): Promise<UserRow | undefined> {
    return db.asUser(userId, (tx) => usersRepo.findById(tx, userId));
  }

  return {
    async create(email: string, password: string): Promise<PublicUser> {
      const normalised = checkCredentials(email, password);
      const passwordHash = await hashPassword(password);
      const row = await db.asSystem(async (tx) => {
        if (await usersRepo.findByEmail(tx, normalised)) {
          throw conflict('User already registered', 'user_exists');
        }
        return usersRepo.insert(tx, normalised, passwordHash).catch((err: unknown) => {
          throw isUniqueViolation(err)
            ? conflict('User already registered', 'user_exists')
            : new AppError(500, 'database_error', 'Database error saving new user');
        });
      });
      await ensureSettings(row.id);
      return toPublicUser(row);
    },

    /** The one-time owner account: refused once any account exists. */
    async createOwner(email: string, password: string): Promise<PublicUser> {
      const normalised = checkCredentials(email, password);
      const passwordHash = await hashPassword(password);
      const row = await db.asSystem((tx) => usersRepo.insertFirst(tx, normalised, passwordHash));
      if (!row) throw conflict('Cairn is already set up; sign in instead', 'already_set_up');
      await ensureSettings(row.id);
      return toPublicUser(row);
    },

    /**
     * The account these credentials sign in to, or null. An unknown e-mail costs the same time as
     * a wrong password, so the answer's timing does not tell which e-mails have accounts.
     */
    async verifyCredentials(email: string, password: string): Promise<PublicUser | null> {
      const user = await db.asSystem((tx) => usersRepo.findByEmail(tx, email.trim()));
      if (!user) {
        await burnPasswordCheck(password);
        return null;
      }
      return (await verifyPassword(user.password_hash, password)) ? toPublicUser(user) : null;
    },

    async findById(userId: string): Promise<PublicUser | undefined> {
      const row = await findRow(userId);
      return row && toPublicUser(row);
    },

    /**
     * Asks for the password again before something that cannot be undone (a new password, the
     * account's deletion). One error for every caller; `field` names the box it belongs under.
     */
    async confirmPassword(userId: string, password: string, field: PasswordField): Promise<void> {
      const attempt = await rateLimiter?.take(`password-check:${userId}`, PASSWORD_CHECK_LIMIT);
      const row = await findRow(userId);
      if (!row || !(await verifyPassword(row.password_hash, password))) {
        const message = `${field === 'current_password' ? 'Current password' : 'Password'} is incorrect`;
        throw new AppError(400, 'incorrect_password', message, [{ path: field, message }]);
      }
      await attempt?.refund();
    },

    /**
     * Sets a new password after the caller has confirmed the current one. `inSameTransaction`
     * lets the caller end sessions atomically with the change (auth owns sessions, not users).
     */
    async changePassword(
      userId: string,
      current: string,
      next: string,
      inSameTransaction?: (tx: Tx) => Promise<void>,
    ): Promise<void> {
      checkPassword(next, 'new_password');
      if (next === current) {
        throw new AppError(400, 'same_password', SAME_PASSWORD, [
          { path: 'new_password', message: SAME_PASSWORD },
        ]);
      }
      await this.confirmPassword(userId, current, 'current_password');
      const passwordHash = await hashPassword(next);
      await db.asUser(userId, async (tx) => {
        await usersRepo.updatePassword(tx, userId, passwordHash);
        await inSameTransaction?.(tx);
      });
    },

    /** The self-hoster's reset (CLI): no current password, since there is no e-mail service. */
    async resetPassword(
      email: string,
      password: string,
      inSameTransaction?: (tx: Tx, user: PublicUser) => Promise<void>,
    ): Promise<PublicUser> {
      checkPassword(password);
      const passwordHash = await hashPassword(password);
      return db.asSystem(async (tx) => {
        const row = await usersRepo.findByEmail(tx, email.trim());
        if (!row) throw notFound(`No account with the e-mail ${email.trim()}`);
        await usersRepo.updatePassword(tx, row.id, passwordHash);
        const user = toPublicUser(row);
        await inSameTransaction?.(tx, user);
        return user;
      });
    },

    /** Erases the account; every table holding its data references users ON DELETE CASCADE. */
    async deleteAccount(userId: string): Promise<void> {
      await db.asUser(userId, (tx) => usersRepo.delete(tx, userId));
    },

    async list(): Promise<PublicUser[]> {
      return (await db.asSystem((tx) => usersRepo.list(tx))).map(toPublicUser);
    },

    async needsSetup(): Promise<boolean> {
      return (await db.asSystem((tx) => usersRepo.count(tx))) === 0;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/** The one password rule for callers no route checked (the CLI): the contract's NewPasswordSchema length. */
export function checkPassword(password: string, field = 'password'): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError(400, 'weak_password', PASSWORD_TOO_SHORT, [
      { path: field, message: PASSWORD_TOO_SHORT },
    ]);
  }
}
