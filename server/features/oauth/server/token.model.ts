import { randomUUID } from 'node:crypto';
import OAuth2Server from '@node-oauth/oauth2-server';
import type { Db } from '../../../db/db.js';
import { randomToken, sha256Hex } from '../../../security/tokens.js';
import { verifyClient } from './client-auth.js';
import { codesRepo, tokensRepo } from './grants.repo.js';
import { OAUTH_PREFIX, OAUTH_TTL } from './oauth.constants.js';

/**
 * The storage model @node-oauth/oauth2-server drives for the token endpoint. The library runs the
 * grant mechanics (client credentials, grant dispatch, code expiry, PKCE S256 in constant time,
 * redirect_uri equality, refresh scope narrowing, the Bearer answer); this model adds what it has
 * no notion of, in the hooks it calls:
 *  - a replayed code revokes every token issued from it (RFC 6749 §4.1.2, RFC 9700 §4.2.4), but
 *    only when the client it was issued to replays it (see {@link CodeReplayedError});
 *  - refresh tokens rotate; a rotated one presented again revokes its family (RFC 9700 §4.14.2);
 *  - every token is bound to the user, the client row and the resource of its grant (RFC 8707),
 *    and to the project the person limited the grant to on the consent page (ADR 0029).
 * The `user` object is opaque to the library, so it carries that grant context between hooks.
 */
export type GrantContext = {
  id: string;
  clientRowId: string;
  familyId: string | null;
  codeId: string | null;
  resource: string;
  /** The project the grant is limited to; null: the whole account. A refresh keeps it. */
  projectId: string | null;
};

const { InvalidGrantError } = OAuth2Server;
type Model = OAuth2Server.AuthorizationCodeModel & OAuth2Server.RefreshTokenModel;

/**
 * A used code presented again. The library asks the model for a code by its value alone, before
 * comparing clients, so the model cannot tell who replays it; the token service, which knows the
 * authenticated client, decides. Only the client the code was issued to may end the grant: any
 * client that saw a leaked code could otherwise revoke its victim's connection at will.
 */
export class CodeReplayedError extends InvalidGrantError {
  constructor(
    readonly codeId: string,
    /** The public client_id the code was issued to. */
    readonly clientId: string,
  ) {
    super('Invalid grant: authorization code is invalid');
  }
}

/** Ends a replayed code's grant: every token issued from it. */
export async function revokeReplayedCode(db: Db, codeId: string): Promise<void> {
  await db.asSystem(async (tx) => {
    await codesRepo.markReplayed(tx, codeId);
    await tokensRepo.revokeByCode(tx, codeId);
  });
}

export function createTokenModel(db: Db): Model {
  return {
    async getClient(clientId, clientSecret) {
      return verifyClient(db, clientId, clientSecret);
    },

    generateAccessToken: async () => `${OAUTH_PREFIX.accessToken}${randomToken(32)}`,
    generateRefreshToken: async () => `${OAUTH_PREFIX.refreshToken}${randomToken(32)}`,

    // Unused: bearer tokens are checked by verifier.ts on every request, not by the library.
    getAccessToken: async () => null,

    async getAuthorizationCode(code) {
      const found = await db.asSystem((tx) => codesRepo.findByHash(tx, sha256Hex(code)));
      if (!found) return null;
      // Before the expiry check: a late replay (within the retention grace) still counts.
      if (found.consumed_at) throw new CodeReplayedError(found.id, found.client_id);
      const user: GrantContext = {
        id: found.user_id,
        clientRowId: found.client_row_id,
        familyId: null,
        codeId: found.id,
        resource: found.resource,
        projectId: found.project_id,
      };
      return {
        authorizationCode: code,
        expiresAt: found.expires_at,
        // OAuth 2.1 §4.1.3: redirect_uri is required at the token endpoint only if it was sent
        // to the authorization endpoint; the library checks equality whenever this is set.
        redirectUri: (found.redirect_uri_given ? found.redirect_uri : undefined) as string,
        scope: found.scopes,
        client: { id: found.client_id, grants: [] },
        user,
        codeChallenge: found.code_challenge,
        codeChallengeMethod: 'S256',
      };
    },

    // The library calls this before checking PKCE, so a wrong verifier burns the code too.
    async revokeAuthorizationCode(code) {
      const codeId = (code.user as GrantContext).codeId!;
      return db.asSystem(async (tx) => {
        if (await codesRepo.consume(tx, codeId)) return true;
        await codesRepo.markReplayed(tx, codeId);
        await tokensRepo.revokeByCode(tx, codeId);
        return false;
      });
    },

    // Scopes were checked at /oauth/authorize and on the consent page; the code carries the result.
    validateScope: async (_user, _client, scope) => (scope && scope.length > 0 ? scope : false),

    // Not used by the grants we run (codes are minted on the consent page), but required by the type.
    saveAuthorizationCode: async () => false,

    async saveToken(token, client, user) {
      const grant = user as GrantContext;
      const withRefresh = Array.isArray(client.grants) && client.grants.includes('refresh_token');
      const familyId = grant.familyId ?? randomUUID();
      await db.asSystem(async (tx) => {
        // A replay or a family revocation may have happened between the checks and now.
        if (grant.familyId === null && grant.codeId && (await codesRepo.isReplayed(tx, grant.codeId))) {
          throw new InvalidGrantError('Invalid grant: authorization code was already used');
        }
        if (grant.familyId !== null && (await tokensRepo.isFamilyRevoked(tx, grant.familyId))) {
          throw new InvalidGrantError('Invalid grant: refresh token is revoked');
        }
        const common = {
          family_id: familyId,
          client_row_id: grant.clientRowId,
          user_id: grant.id,
          code_id: grant.codeId,
          scopes: token.scope ?? [],
          resource: grant.resource,
          project_id: grant.projectId,
        };
        await tokensRepo.insert(tx, {
          ...common,
          kind: 'access',
          token_hash: sha256Hex(token.accessToken),
          expires_at: token.accessTokenExpiresAt!,
        });
        if (withRefresh && token.refreshToken) {
          await tokensRepo.insert(tx, {
            ...common,
            kind: 'refresh',
            token_hash: sha256Hex(token.refreshToken),
            expires_at: token.refreshTokenExpiresAt!,
          });
        }
      });
      return {
        accessToken: token.accessToken,
        accessTokenExpiresAt: token.accessTokenExpiresAt,
        ...(withRefresh && token.refreshToken
          ? { refreshToken: token.refreshToken, refreshTokenExpiresAt: token.refreshTokenExpiresAt }
          : {}),
        scope: token.scope,
        client,
        user,
      };
    },

    async getRefreshToken(refreshToken) {
      if (!refreshToken.startsWith(OAUTH_PREFIX.refreshToken)) return null;
      const found = await db.asSystem(async (tx) => {
        const row = await tokensRepo.findByHash(tx, sha256Hex(refreshToken));
        if (!row || row.kind !== 'refresh' || row.revoked_at) return null;
        // Limited to a project whose name cannot be read: never refreshed into a wider grant.
        if (row.project_id && !row.project) return null;
        // Within the grace a replay is parallel refreshes, not theft: it goes on (the library
        // then refuses it unless it comes from the client the token was issued to).
        if (row.rotated_at && !withinRefreshGrace(row.rotated_at)) {
          await tokensRepo.revokeFamily(tx, row.family_id);
          return 'reused' as const;
        }
        return row;
      });
      if (found === 'reused') {
        throw new InvalidGrantError(
          'Invalid grant: refresh token was already used; every token of this grant is revoked',
        );
      }
      if (!found) return null;
      const user: GrantContext = {
        id: found.user_id,
        clientRowId: found.client_row_id,
        familyId: found.family_id,
        codeId: found.code_id,
        resource: found.resource,
        projectId: found.project_id,
      };
      return {
        refreshToken,
        refreshTokenExpiresAt: found.expires_at,
        scope: found.scopes,
        client: { id: found.client_id, grants: [] },
        user,
      };
    },

    // Rotation: the library calls this before issuing the new pair.
    async revokeToken(token) {
      return db.asSystem(async (tx) => {
        const hash = sha256Hex(token.refreshToken);
        const row = await tokensRepo.findByHash(tx, hash);
        if (row && (await tokensRepo.markRotated(tx, row.id))) return true;
        // Rotated already: by a parallel refresh with this token moments ago (re-read, it may have
        // committed while we waited), which gets its own new pair in the same grant; else reuse.
        const current = row && (await tokensRepo.findByHash(tx, hash));
        if (current?.rotated_at && !current.revoked_at && withinRefreshGrace(current.rotated_at)) return true;
        if (row) await tokensRepo.revokeFamily(tx, row.family_id);
        return false;
      });
    },
  };
}

/**
 * Two requests of one client that refresh at once with the same token (an assistant's parallel
 * tool calls) used to revoke the whole grant as a reuse (issue 26). As web sessions do
 * (REFRESH_REUSE_GRACE_MS, ADR 0004), a token rotated this recently may be presented again by
 * the same client: each such request gets a new pair in the same grant. Later, it is reuse
 * (RFC 9700 §4.14.2) and the grant is revoked.
 */
function withinRefreshGrace(rotatedAt: Date): boolean {
  return Date.now() - rotatedAt.getTime() <= OAUTH_TTL.refreshReuseGraceMs;
}
