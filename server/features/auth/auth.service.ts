import { randomUUID } from 'node:crypto';
import type { SessionResponse } from '../../../contract/auth.js';
import type { Db, Tx } from '../../db/db.js';
import { AppError, unauthorized } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { SCOPES } from '../../http/principal.js';
import type { RateLimiter, RateLimitRule } from '../../http/rate-limit.js';
import type { Secrets } from '../../security/secrets.js';
import { openWith, sealFor } from '../../security/seal.js';
import { randomToken, sha256Hex } from '../../security/tokens.js';
import type { PublicUser, UsersService } from '../users/users.service.js';
import { signAccessToken, verifyAccessToken } from './access-tokens.js';
import { knownAddressesRepo } from './known-addresses.repo.js';
import { type SessionRow, sessionsRepo } from './sessions.repo.js';

export const REFRESH_TOKEN_TTL_DAYS = 30;
/**
 * Two tabs share one refresh cookie and may both refresh at once. A rotated token presented again
 * within this window is that race, not theft: it gets a new access token, and the family lives.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/**
 * Sign-in attempts, counted before the password is checked (a success gives its count back):
 * - perSource: one account from one address. Ten guesses, then that address waits; the owner
 *   signing in from elsewhere is not locked out by someone else's guessing.
 * - perEmail: one account from everywhere, bounding guesses spread over many addresses. It is
 *   not applied at an address the account signed in from before (known-addresses.repo.ts), so
 *   guesses from elsewhere cannot lock the owner out at home; perSource still bounds them there.
 *   `user reset-password` clears it.
 * - perIp: one address across accounts (spraying one password over many e-mails).
 */
export const LOGIN_LIMITS: LoginLimits = {
  perSource: { limit: 10, windowSeconds: 15 * 60 },
  perEmail: { limit: 100, windowSeconds: 15 * 60 },
  perIp: { limit: 50, windowSeconds: 15 * 60 },
};
/** perSource left out (tests that loosen the limits) means the same rule as perEmail. */
export type LoginLimits = { perEmail: RateLimitRule; perIp: RateLimitRule; perSource?: RateLimitRule };

/** Open registration, per address: enough for a household, too few to enumerate or spam. */
export const REGISTRATION_LIMIT: RateLimitRule = { limit: 5, windowSeconds: 60 * 60 };

/** A new session: what the client gets (body + the refresh token for the cookie). */
export type IssuedSession = { body: SessionResponse; refreshToken: string | null };

export function createAuthService(deps: {
  db: Db;
  secrets: Secrets;
  users: UsersService;
  rateLimiter: RateLimiter;
  loginLimits?: LoginLimits;
  /** Open registrations per address; REGISTRATION_LIMIT unless configured (REGISTRATIONS_PER_HOUR). */
  registrationLimit?: RateLimitRule;
  /**
   * Revokes every API key and OAuth grant of a user in the given transaction. Keys and grants
   * belong to their features; a password change asks for it (docs/decisions/0022).
   */
  revokeIntegrations: (tx: Tx, userId: string) => Promise<void>;
}) {
  const { db, secrets, users, rateLimiter } = deps;
  const limits = deps.loginLimits ?? LOGIN_LIMITS;

  async function accessFor(user: { id: string; email: string }, familyId: string) {
    const { token, expiresAt } = await signAccessToken(secrets.sessionSigningKey, {
      userId: user.id,
      familyId,
    });
    return {
      access_token: token,
      expires_at: expiresAt.toISOString(),
      user: { id: user.id, email: user.email },
    };
  }

  async function startSession(
    user: { id: string; email: string },
    userAgent: string | null,
  ): Promise<IssuedSession> {
    const refreshToken = randomToken();
    const row = await db.asSystem((tx) =>
      sessionsRepo.insert(tx, {
        familyId: null,
        userId: user.id,
        tokenHash: sha256Hex(refreshToken),
        expiresAt: refreshExpiry(),
        userAgent,
      }),
    );
    return { body: await accessFor(user, row.family_id), refreshToken };
  }

  return {
    async login(input: {
      email: string;
      password: string;
      ip: string;
      userAgent: string | null;
    }): Promise<IssuedSession> {
      const email = input.email.trim().toLowerCase();
      const emailKey = loginEmailKey(email);
      const sourceKey = `${loginSourcePrefix(email)}${input.ip}`;
      const ipKey = `login:ip:${input.ip}`;
      // Each attempt is counted before its password is checked, so a burst of parallel guesses
      // gets exactly `limit` checks, not one per request that arrived before the first failed.
      const ipHit = await rateLimiter.take(ipKey, limits.perIp);
      await rateLimiter.take(sourceKey, limits.perSource ?? limits.perEmail);
      const known = await db.asSystem((tx) => knownAddressesRepo.isKnown(tx, email, input.ip));
      if (!known) await rateLimiter.take(emailKey, limits.perEmail);
      const user = await users.verifyCredentials(input.email, input.password);
      if (!user) throw new AppError(401, 'invalid_credentials', 'Invalid login credentials');
      // The owner proved the password: their address's attempt is given back, the account's
      // failures forgotten, and the address known to the account from now on.
      await ipHit.refund();
      await rateLimiter.reset(emailKey);
      await rateLimiter.reset(sourceKey);
      await db.asSystem((tx) => knownAddressesRepo.remember(tx, user.id, input.ip));
      return startSession(user, input.userAgent);
    },

    /** Rotates the refresh token (RFC 9700 §4.14.2): a reused old token revokes the family. */
    async refresh(refreshToken: string | undefined, userAgent: string | null): Promise<IssuedSession> {
      if (!refreshToken) throw new AppError(401, 'no_session', 'Auth session missing!');
      const found = await db.asSystem(async (tx) => {
        const row = await sessionsRepo.findByHash(tx, sha256Hex(refreshToken));
        if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now())
          return { kind: 'invalid' as const };
        const next = randomToken();
        if (row.rotated_at || !(await sessionsRepo.markRotated(tx, row.id, sealFor(refreshToken, next)))) {
          const rotatedAt = row.rotated_at?.getTime() ?? Date.now();
          if (Date.now() - rotatedAt <= REFRESH_REUSE_GRACE_MS) {
            // Re-read: a concurrent rotation may have committed its successor while we waited.
            const current = (await sessionsRepo.findByHash(tx, row.token_hash)) ?? row;
            const successor = current.successor_sealed
              ? openWith(refreshToken, current.successor_sealed)
              : null;
            return { kind: 'race' as const, row, successor };
          }
          await sessionsRepo.revokeFamily(tx, row.family_id);
          return { kind: 'reused' as const };
        }
        await sessionsRepo.insert(tx, {
          familyId: row.family_id,
          userId: row.user_id,
          tokenHash: sha256Hex(next),
          expiresAt: refreshExpiry(),
          userAgent,
        });
        return { kind: 'rotated' as const, row, next };
      });
      // Sessions cascade with their account, so a live session row has a user; read it after the
      // rotation's transaction (the users service runs its own).
      const user =
        found.kind === 'race' || found.kind === 'rotated'
          ? await users.findById(found.row.user_id)
          : undefined;
      switch (found.kind) {
        case 'invalid':
          throw new AppError(401, 'invalid_refresh_token', 'Invalid Refresh Token');
        case 'reused':
          throw new AppError(
            401,
            'refresh_token_reused',
            'Refresh token was already used; this session has been ended',
          );
        case 'race':
          // Two tabs refreshing at once, or a response the browser never received (a reload
          // aborted it after we rotated): hand back the current token again, so this browser
          // holds the live one instead of a rotated one that reuse detection would later punish.
          if (!user) throw new AppError(401, 'invalid_refresh_token', 'Invalid Refresh Token');
          return { body: await accessFor(user, found.row.family_id), refreshToken: found.successor };
        case 'rotated':
          if (!user) throw new AppError(401, 'invalid_refresh_token', 'Invalid Refresh Token');
          return { body: await accessFor(user, found.row.family_id), refreshToken: found.next };
      }
    },

    async logout(refreshToken: string | undefined, principal: Principal | null): Promise<void> {
      await db.asSystem(async (tx) => {
        if (principal?.via === 'session') await sessionsRepo.revokeFamily(tx, principal.credentialId);
        if (refreshToken) {
          const row = await sessionsRepo.findByHash(tx, sha256Hex(refreshToken));
          if (row) await sessionsRepo.revokeFamily(tx, row.family_id);
        }
      });
    },

    /** The session-token verifier used by authenticate: a signed, unexpired JWT of a live family. */
    async verifyAccessToken(token: string): Promise<Principal | null> {
      const claims = await verifyAccessToken(secrets.sessionSigningKey, token);
      if (!claims) return null;
      const active = await db.asSystem((tx) => sessionsRepo.isFamilyActive(tx, claims.familyId));
      if (!active) return null;
      return { userId: claims.userId, via: 'session', scopes: SCOPES, credentialId: claims.familyId };
    },

    async currentUser(principal: Principal) {
      const user = await users.findById(principal.userId);
      if (!user) throw unauthorized('User not found');
      return { id: user.id, email: user.email };
    },

    /**
     * Open registration. The answer is the same whether or not the e-mail already has an
     * account (a made-up id for an existing one), so registration cannot be used to learn who
     * uses this server; the real owner of that address signs in as before. See ADR 0022.
     */
    async register(input: { email: string; password: string; ip: string }): Promise<{
      id: string;
      email: string;
    }> {
      await rateLimiter.take(`register:ip:${input.ip}`, deps.registrationLimit ?? REGISTRATION_LIMIT);
      try {
        const user = await users.create(input.email, input.password);
        return { id: user.id, email: user.email };
      } catch (err) {
        if (err instanceof AppError && err.code === 'user_exists')
          return { id: randomUUID(), email: input.email.trim() };
        throw err;
      }
    },

    async setupOwner(input: {
      email: string;
      password: string;
      userAgent: string | null;
    }): Promise<IssuedSession> {
      const user = await users.createOwner(input.email, input.password);
      return startSession(user, input.userAgent);
    },

    /**
     * Changes the password and signs out every other session of this user, in one transaction.
     * With `revokeIntegrations` (the person fears someone has the password), every API key and
     * OAuth grant ends in that same transaction: all of it or none of it happens.
     */
    async changePassword(
      principal: Principal,
      current: string,
      next: string,
      opts: { revokeIntegrations?: boolean } = {},
    ): Promise<void> {
      // An API key or OAuth token has no session of its own to keep: every session ends.
      const keep = principal.via === 'session' ? principal.credentialId : NO_FAMILY;
      await users.changePassword(principal.userId, current, next, async (tx) => {
        await sessionsRepo.revokeOtherFamilies(tx, principal.userId, keep);
        if (opts.revokeIntegrations) await deps.revokeIntegrations(tx, principal.userId);
      });
    },

    /**
     * The self-hoster's reset (`npm run cairn -- user reset-password`). A reset locks out whoever
     * knew the old password, so every session of the account ends with it; with
     * `revokeIntegrations`, every API key and OAuth grant too.
     */
    async resetPassword(
      email: string,
      password: string,
      opts: { revokeIntegrations?: boolean } = {},
    ): Promise<PublicUser> {
      const user = await users.resetPassword(email, password, async (tx, found) => {
        await sessionsRepo.revokeAll(tx, found.id);
        if (opts.revokeIntegrations) await deps.revokeIntegrations(tx, found.id);
      });
      // The self-hoster reset it by hand: the account's sign-in limits, everywhere, are lifted
      // (the per-address limits across accounts stay).
      const key = user.email.trim().toLowerCase();
      await rateLimiter.reset(loginEmailKey(key));
      await rateLimiter.resetPrefix(loginSourcePrefix(key));
      return user;
    },

    /** Retention, run by the maintenance schedule: expired sign-in sessions, stale known addresses. */
    async deleteExpired(now: Date): Promise<number> {
      return db.asSystem(
        async (tx) =>
          (await sessionsRepo.deleteExpired(tx, now)) + (await knownAddressesRepo.deleteExpired(tx, now)),
      );
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

const loginEmailKey = (email: string) => `login:email:${email}`;
/** Per account and address; the e-mail first, so a reset can clear every address at once. */
const loginSourcePrefix = (email: string) => `login:source:${email}:`;

const NO_FAMILY = '00000000-0000-0000-0000-000000000000';

function refreshExpiry(): Date {
  return new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 24 * 3600 * 1000);
}

export type { SessionRow };
