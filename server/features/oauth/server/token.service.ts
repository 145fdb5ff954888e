import OAuth2Server from '@node-oauth/oauth2-server';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/db.js';
import { sha256Hex } from '../../../security/tokens.js';
import { invalidClient, presentedCredentials, verifyClient } from './client-auth.js';
import { tokensRepo } from './grants.repo.js';
import { isOurResource, mcpResourceUrl } from './metadata.js';
import { GRANT_TYPES, OAUTH_PREFIX, OAUTH_TTL } from './oauth.constants.js';
import { OAuthProtocolError } from './oauth-errors.js';
import { CodeReplayedError, createTokenModel, revokeReplayedCode } from './token.model.js';

export type HttpAnswer = { status: number; headers: Record<string, string>; body: unknown };

/** The token endpoint (RFC 6749 §3.2, §4.1.3, §6) and revocation (RFC 7009). */
export function createTokenService(deps: { db: Db; publicUrl: string; log: FastifyBaseLogger }) {
  const { db, publicUrl } = deps;
  const server = new OAuth2Server({
    model: createTokenModel(db),
    accessTokenLifetime: OAUTH_TTL.accessTokenSeconds,
    refreshTokenLifetime: OAUTH_TTL.refreshTokenSeconds,
    alwaysIssueNewRefreshToken: true,
    // The library would otherwise demand a secret of public clients on refresh; verifyClient
    // decides instead: confidential clients must authenticate, public ones must not.
    requireClientAuthentication: { authorization_code: false, refresh_token: false },
  });

  return {
    async exchange(headers: Record<string, string | string[] | undefined>, body: Record<string, string>) {
      const grantType = body.grant_type;
      if (!grantType) throw new OAuthProtocolError('invalid_request', 'The grant_type parameter is missing');
      if (!(GRANT_TYPES as readonly string[]).includes(grantType)) {
        throw new OAuthProtocolError(
          'unsupported_grant_type',
          'Only the authorization_code and refresh_token grants are supported',
        );
      }
      // RFC 8707 §2.2: a resource on the token request must be one the grant covers: ours.
      if (body.resource !== undefined && !isOurResource(publicUrl, body.resource)) {
        throw new OAuthProtocolError(
          'invalid_target',
          `Unknown resource; this server issues tokens for ${mcpResourceUrl(publicUrl)}`,
        );
      }
      const request = new OAuth2Server.Request({
        method: 'POST',
        headers: headers as Record<string, string>,
        query: {},
        body,
      });
      const response = new OAuth2Server.Response({});
      try {
        await server.token(request, response);
      } catch (err) {
        // The library wraps anything unexpected (a database failure, a misuse) as a 5xx.
        if (!(err instanceof OAuth2Server.OAuthError) || err.code >= 500) {
          deps.log.error({ err: (err as { inner?: unknown }).inner ?? err }, 'token endpoint failed');
          throw new OAuthProtocolError('server_error', 'Internal server error', 500);
        }
        if (err instanceof CodeReplayedError) {
          // The library authenticated the presented client before it looked the code up.
          const presented = presentedCredentials(headers.authorization as string | undefined, body);
          if (presented?.clientId !== err.clientId) {
            throw new OAuthProtocolError('invalid_grant', err.message);
          }
          await revokeReplayedCode(db, err.codeId);
          throw new OAuthProtocolError(
            'invalid_grant',
            'Invalid grant: authorization code was already used; every token issued from it is revoked',
          );
        }
        if (err.name === 'invalid_client') {
          throw invalidClient(Boolean(headers.authorization), err.message);
        }
        throw new OAuthProtocolError(err.name as OAuthProtocolError['error'], err.message, err.code);
      }
      return {
        status: 200,
        headers: { 'cache-control': 'no-store', pragma: 'no-cache' },
        body: response.body as unknown,
      } satisfies HttpAnswer;
    },

    /**
     * RFC 7009: the client authenticates like at the token endpoint; a token that is unknown,
     * already dead or another client's is answered 200 all the same (nothing to learn from it).
     * Revoking either token of a grant ends the whole grant (§2.1 allows it, and a client that
     * revokes is disconnecting).
     */
    async revoke(authorization: string | undefined, body: Record<string, string>): Promise<void> {
      if (!body.token) throw new OAuthProtocolError('invalid_request', 'The token parameter is missing');
      const presented = presentedCredentials(authorization, body);
      if (!presented) throw invalidClient(false, 'Client authentication is required (client_id)');
      const client = await verifyClient(db, presented.clientId, presented.secret);
      if (!client) throw invalidClient(presented.usedBasic);
      const token = body.token;
      if (!token.startsWith(OAUTH_PREFIX.accessToken) && !token.startsWith(OAUTH_PREFIX.refreshToken)) return;
      await db.asSystem(async (tx) => {
        const row = await tokensRepo.findByHash(tx, sha256Hex(token));
        if (row && row.client_id === client.id) await tokensRepo.revokeFamily(tx, row.family_id);
      });
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
