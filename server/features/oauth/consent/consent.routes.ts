import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../contract/errors.js';
import {
  ApproveOAuthRequest,
  OAuthDecision,
  OAuthRequestInfo,
  OAuthRequestParams,
} from '../../../../contract/oauth.js';
import { principalOf } from '../../../http/authenticate.js';
import type { ConsentService } from './consent.service.js';

/**
 * What the web app's /consent?request=<id> page calls with the person's session token. Each
 * decision answers `redirect_to`, where the page then sends the browser.
 */
export const consentRoutes: FastifyPluginAsyncZod<{ consent: ConsentService }> = async (app, { consent }) => {
  const tags = ['oauth consent'];
  const security = [{ bearer: [] }];
  const errors = {
    400: ErrorBody,
    401: ErrorBody,
    403: ErrorBody,
    404: ErrorBody,
    409: ErrorBody,
    410: ErrorBody,
  };

  app.get(
    '/api/oauth/requests/:id',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags,
        security,
        summary: 'A pending authorization request: which client asks for what',
        params: OAuthRequestParams,
        response: { 200: OAuthRequestInfo, ...errors },
      },
    },
    async (request, reply) => {
      const info = await consent.getRequest(principalOf(request), request.params.id);
      return reply.header('cache-control', 'no-store').send(info);
    },
  );

  app.post(
    '/api/oauth/requests/:id/approve',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags,
        security,
        summary:
          'Approve (optionally fewer scopes, or one project only): answers the client redirect carrying the authorization code',
        params: OAuthRequestParams,
        body: ApproveOAuthRequest,
        response: { 200: OAuthDecision, ...errors },
      },
    },
    async (request, reply) => {
      const decision = await consent.approve(principalOf(request), request.params.id, {
        scopes: request.body?.scopes,
        project: request.body?.project,
      });
      return reply.header('cache-control', 'no-store').send(decision);
    },
  );

  app.post(
    '/api/oauth/requests/:id/deny',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags,
        security,
        summary: 'Deny: answers the client redirect carrying error=access_denied',
        params: OAuthRequestParams,
        response: { 200: OAuthDecision, ...errors },
      },
    },
    async (request, reply) => {
      const decision = await consent.deny(principalOf(request), request.params.id);
      return reply.header('cache-control', 'no-store').send(decision);
    },
  );
};
