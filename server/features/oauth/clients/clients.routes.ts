import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../../contract/errors.js';
import {
  CreateOAuthClientRequest,
  OAuthClientParams,
  OAuthClientSchema,
  OAuthClientWithSecret,
  OAuthServerInfo,
  UpdateOAuthClientRequest,
} from '../../../../contract/oauth.js';
import { principalOf } from '../../../http/authenticate.js';
import type { OAuthClientsService } from './clients.service.js';

/**
 * The OAuth Clients page's API. The same handlers answer under
 * /.netlify/functions/oauth-clients, the paths the original web app called, so its clients keep working.
 */
export const oauthClientsRoutes: FastifyPluginAsyncZod<{ clients: OAuthClientsService }> = async (
  app,
  { clients },
) => {
  const tags = ['oauth clients'];
  const security = [{ bearer: [] }];
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

  for (const base of ['/api/oauth-clients', '/.netlify/functions/oauth-clients']) {
    const hide = base.startsWith('/.netlify');
    app.get(
      base,
      {
        preHandler: app.requireAuth(),
        schema: {
          tags,
          hide,
          security,
          summary: 'Your OAuth clients',
          response: { 200: z.array(OAuthClientSchema), ...errors },
        },
      },
      async (request) => clients.list(principalOf(request)),
    );

    app.post(
      base,
      {
        preHandler: app.requireAuth(),
        schema: {
          tags,
          hide,
          security,
          summary: 'Create an OAuth client; the answer holds its secret, shown only this once',
          body: CreateOAuthClientRequest,
          response: { 201: OAuthClientWithSecret, ...errors },
        },
      },
      async (request, reply) => {
        const created = await clients.create(principalOf(request), request.body);
        return reply.status(201).header('cache-control', 'no-store').send(created);
      },
    );

    app.delete(
      `${base}/:clientId`,
      {
        preHandler: app.requireAuth(),
        schema: {
          tags,
          hide,
          security,
          summary: 'Delete an OAuth client and revoke every token it was issued',
          params: OAuthClientParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await clients.remove(principalOf(request), request.params.clientId);
        return reply.status(204).send(null);
      },
    );

    app.patch(
      `${base}/:clientId`,
      {
        preHandler: app.requireAuth(),
        schema: {
          tags,
          hide,
          security,
          summary: 'Rename a client made on this page or replace its redirect URIs; id and secret stay',
          params: OAuthClientParams,
          body: UpdateOAuthClientRequest,
          response: { 200: OAuthClientSchema, ...errors },
        },
      },
      async (request) => clients.update(principalOf(request), request.params.clientId, request.body),
    );

    app.put(
      `${base}/:clientId/regenerate`,
      {
        preHandler: app.requireAuth(),
        schema: {
          tags,
          hide,
          security,
          summary: 'Replace the client secret; the old one stops working at once',
          params: OAuthClientParams,
          response: { 200: OAuthClientWithSecret, ...errors },
        },
      },
      async (request, reply) => {
        const updated = await clients.regenerate(principalOf(request), request.params.clientId);
        return reply.header('cache-control', 'no-store').send(updated);
      },
    );
  }

  app.get(
    '/api/oauth/server-info',
    {
      schema: {
        tags,
        summary:
          'The MCP URL and endpoints to paste into an assistant, and the redirect URIs added per platform',
        response: { 200: OAuthServerInfo },
      },
    },
    async () => clients.serverInfo(),
  );
};
