import type { FastifyBaseLogger } from 'fastify';
import { MIN_PASSWORD_LENGTH } from '../../../contract/auth.js';
import type { Db } from '../../db/db.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { hashPassword } from '../auth/passwords.js';
import { type UserRow, usersRepo } from './users.repo.js';

export type PublicUser = { id: string; email: string; created_at: Date };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function toPublicUser(row: UserRow): PublicUser {
  return { id: row.id, email: row.email, created_at: row.created_at };
}

/** Account creation and password resets, shared by the CLI, owner set-up and registration. */
export function createUsersService(deps: { db: Db; log: Pick<FastifyBaseLogger, 'error'> }) {
  const { db, log } = deps;

  function checkCredentials(email: string, password: string): string {
    const normalised = email.trim();
    if (!EMAIL.test(normalised))
      throw badRequest('Enter a valid email address', [
        { path: 'email', message: 'is not an e-mail address' },
      ]);
    checkPassword(password);
    return normalised;
  }

  /** The spec's ensure_user_settings: its failure is logged, never fatal. */
  async function ensureSettings(userId: string): Promise<void> {
    try {
      await db.asUser(userId, (tx) => usersRepo.ensureSettings(tx, userId));
    } catch (err) {
      log.error({ err, userId }, 'ensure_user_settings failed');
    }
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

    async resetPassword(email: string, password: string): Promise<PublicUser> {
      checkPassword(password);
      const passwordHash = await hashPassword(password);
      return db.asSystem(async (tx) => {
        const user = await usersRepo.findByEmail(tx, email.trim());
        if (!user) throw notFound(`No account with the e-mail ${email.trim()}`);
        await usersRepo.updatePassword(tx, user.id, passwordHash);
        // A reset is a lock-out of whoever knew the old password: end every session.
        await tx.query(
          'UPDATE auth_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
          [user.id],
        );
        return toPublicUser(user);
      });
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

export function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError(
      400,
      'weak_password',
      `Password should be at least ${MIN_PASSWORD_LENGTH} characters`,
      [{ path: 'password', message: `must be at least ${MIN_PASSWORD_LENGTH} characters` }],
    );
  }
}

function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
