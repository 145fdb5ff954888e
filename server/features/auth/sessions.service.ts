import type { SessionInfo, SignOutOthersResponse } from '../../../contract/sessions.js';
import { type Db, isUuid } from '../../db/db.js';
import { notFound } from '../../http/errors.js';
import { type Principal, requireSession } from '../../http/principal.js';
import { sessionsRepo } from './sessions.repo.js';

/**
 * Where a person is signed in, and signing out one place or every other
 * (docs/decisions/0027-key-expiry-and-sessions.md). Only the person, in the web app: an API key
 * or an OAuth token must not list or end the sessions of the account it acts for.
 */
export function createSessionsService(deps: { db: Db }) {
  const { db } = deps;
  const requireSignedIn = (principal: Principal) =>
    requireSession(principal, 'Sessions can only be seen and ended while signed in to the web app');

  return {
    async list(principal: Principal): Promise<SessionInfo[]> {
      requireSignedIn(principal);
      const rows = await db.asUser(principal.userId, (tx) =>
        sessionsRepo.listLiveFamilies(tx, principal.userId),
      );
      return rows.map((r) => ({
        id: r.family_id,
        user_agent: r.user_agent,
        signed_in_at: r.signed_in_at.toISOString(),
        last_active_at: r.last_active_at.toISOString(),
        current: r.family_id === principal.credentialId,
      }));
    },

    /**
     * Signs one sign-in out: its refresh token stops working at once, and its access token at the
     * next request (the verifier checks the family on every request). The current one may be
     * chosen too: that is signing out here.
     */
    async end(principal: Principal, id: string): Promise<void> {
      requireSignedIn(principal);
      // A malformed id, someone else's and one already over look the same from outside.
      const ended =
        isUuid(id) &&
        (await db.asUser(principal.userId, (tx) => sessionsRepo.revokeUserFamily(tx, principal.userId, id)));
      if (!ended) throw notFound('Session not found');
    },

    /** Signs out everywhere but here. */
    async endOthers(principal: Principal): Promise<SignOutOthersResponse> {
      requireSignedIn(principal);
      const ended = await db.asUser(principal.userId, (tx) =>
        sessionsRepo.revokeOtherLiveFamilies(tx, principal.userId, principal.credentialId),
      );
      return { ended };
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
