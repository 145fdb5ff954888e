import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiKeyIdParams,
  ApiKeyList,
  ApiKeySchema,
  CreateApiKeyRequest,
  CreatedApiKeySchema,
  RevokeApiKeyQuery,
  RevokeApiKeyResponse,
  UpdateApiKeyRequest,
} from '../../../contract/api-keys.js';
import { ErrorBody } from '../../../contract/errors.js';
import { principalOf } from '../../http/authenticate.js';
import type { ApiKeysService } from './api-keys.service.js';

/**
 * `/api/api-keys`, and the same handlers under `/.netlify/functions/api-keys` so clients written
 * for the original (same methods, `?id=` on DELETE) keep working unchanged.
 */
export const API_KEYS_PATHS = ['/api/api-keys', '/.netlify/functions/api-keys'] as const;

export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (app, opts) => {
  const { apiKeys } = opts;
  const errors = { 401: ErrorBody, 403: ErrorBody };

  for (const path of API_KEYS_PATHS) {
    const common = {
      tags: ['api-keys'],
      security: [{ bearer: [] }],
      // One documented path is enough; the alias exists for old clients only.
      hide: path !== '/api/api-keys',
    };

    app.get(
      path,
      {
        preHandler: app.requireAuth(),
        schema: {
          ...common,
          summary: 'List your API keys (never the keys themselves)',
          response: { 200: ApiKeyList, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return apiKeys.list(principalOf(request));
      },
    );

    app.post(
      path,
      {
        preHandler: app.requireAuth(),
        schema: {
          ...common,
          summary: 'Create an API key; the answer carries the key, shown this once',
          body: CreateApiKeyRequest,
          response: { 201: CreatedApiKeySchema, 400: ErrorBody, ...errors, 409: ErrorBody },
        },
      },
      async (request, reply) => {
        const created = await apiKeys.create(principalOf(request), request.body);
        return reply.status(201).header('cache-control', 'no-store').send(created);
      },
    );

    app.delete(
      path,
      {
        preHandler: app.requireAuth(),
        schema: {
          ...common,
          summary: 'Revoke an API key: it stops working on the next request',
          querystring: RevokeApiKeyQuery,
          response: { 200: RevokeApiKeyResponse, 400: ErrorBody, ...errors, 404: ErrorBody },
        },
      },
      async (request) => {
        await apiKeys.revoke(principalOf(request), request.query.id);
        return { success: true as const };
      },
    );
  }

  // Renaming and expiry are new: only the documented path has them (old clients never sent them).
  app.patch(
    '/api/api-keys/:id',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['api-keys'],
        security: [{ bearer: [] }],
        summary: 'Rename an API key or change when it expires (null: never)',
        description:
          'The key itself stays the same, so whatever uses it keeps working. An expired key given a ' +
          'later date works again; a date in the past is refused.',
        params: ApiKeyIdParams,
        body: UpdateApiKeyRequest,
        response: { 200: ApiKeySchema, 400: ErrorBody, ...errors, 404: ErrorBody },
      },
    },
    async (request) => apiKeys.update(principalOf(request), request.params.id, request.body),
  );
};
