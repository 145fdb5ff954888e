import type { Tx } from '../../../db/db.js';
import { randomToken, sha256Hex } from '../../../security/tokens.js';
import { type AuthorizationRequestRow, codesRepo, requestsRepo, tokensRepo } from './grants.repo.js';
import { OAUTH_PREFIX, OAUTH_TTL } from './oauth.constants.js';

export type { AuthorizationRequestRow };

/**
 * Pending requests, codes and tokens past their expiry (and the grace in grants.repo) as of `now`.
 * Called by the maintenance schedule only: every lookup checks expires_at itself, so a row the
 * sweep has not reached yet is already refused.
 */
export async function deleteExpiredGrants(
  tx: Tx,
  now: Date,
): Promise<{ requests: number; codes: number; tokens: number }> {
  return {
    requests: await requestsRepo.deleteExpired(tx, now),
    codes: await codesRepo.deleteExpired(tx, now),
    tokens: await tokensRepo.deleteExpired(tx, now),
  };
}

/**
 * The grant steps the consent page drives: the authorization server owns pending requests and
 * codes (it writes the first at /oauth/authorize and redeems the second at /oauth/token), so the
 * consent service reads and settles them through these functions, in its own transaction.
 */

/** A pending request by the opaque handle the browser carries (only its hash is stored). */
export function findPendingRequest(tx: Tx, handle: string): Promise<AuthorizationRequestRow | undefined> {
  return requestsRepo.findByHandle(tx, sha256Hex(handle));
}

/** Single use: false when someone already answered the request or it expired. */
export function decideRequest(
  tx: Tx,
  requestId: string,
  userId: string,
  decision: 'approved' | 'denied',
): Promise<boolean> {
  return requestsRepo.decide(tx, requestId, userId, decision);
}

/**
 * Ends every OAuth grant of the user, in the caller's transaction (a password change "someone may
 * have my password", docs/decisions/0022): their tokens are revoked and their codes spent. The
 * clients stay registered; reconnecting asks for consent again.
 */
export async function revokeAllGrants(tx: Tx, userId: string): Promise<number> {
  await codesRepo.endAllOfUser(tx, userId);
  return tokensRepo.revokeAllOfUser(tx, userId);
}

/**
 * Mints the authorization code for an approved request; returns the code (shown once, hashed at
 * rest). `projectId` limits the grant to one project (ADR 0029; null: the whole account): the
 * token exchange copies it to the tokens.
 */
export async function issueCode(
  tx: Tx,
  req: AuthorizationRequestRow,
  grant: { clientRowId: string; userId: string; scopes: string[]; projectId: string | null },
): Promise<string> {
  const code = `${OAUTH_PREFIX.code}${randomToken(32)}`;
  await codesRepo.insert(tx, {
    code_hash: sha256Hex(code),
    client_row_id: grant.clientRowId,
    user_id: grant.userId,
    redirect_uri: req.redirect_uri,
    redirect_uri_given: req.redirect_uri_given,
    scopes: grant.scopes,
    code_challenge: req.code_challenge,
    resource: req.resource,
    expires_at: new Date(Date.now() + OAUTH_TTL.codeSeconds * 1000),
    project_id: grant.projectId,
  });
  return code;
}
