import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountExport,
  DeleteAccountRequest,
  IMPORT_LIMITS,
  ImportRequest,
  ImportResponse,
} from '../../../contract/account.js';
import { ErrorBody } from '../../../contract/errors.js';
import { principalOf } from '../../http/authenticate.js';
import type { AccountService } from './account.service.js';

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  const tags = ['account'];
  const security = [{ bearer: [] }];
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

  app.get(
    '/api/account/export',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags,
        security,
        summary: 'Download every trace of the account as one JSON file (signed-in person only)',
        response: { 200: AccountExport, ...errors },
      },
    },
    async (request, reply) => {
      const data = await account.exportAll(principalOf(request));
      const day = data.exported_at.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="cairn-export-${day}.json"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.post(
    '/api/account/import',
    {
      preHandler: app.requireAuth(),
      // An export of a large account is bigger than the API's usual 1 MiB body.
      bodyLimit: IMPORT_LIMITS.bodyBytes,
      schema: {
        tags,
        security,
        summary: `Import traces from a Cairn export (at most ${IMPORT_LIMITS.tracesPerRequest} per request)`,
        body: ImportRequest,
        response: { 200: ImportResponse, ...errors },
      },
    },
    async (request) => account.importTraces(principalOf(request), request.body),
  );

  app.delete(
    '/api/account',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags,
        security,
        summary: 'Delete the account and everything in it, for good (password required)',
        body: DeleteAccountRequest,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await account.deleteAccount(principalOf(request), request.body.password);
      return reply.status(204).send(null);
    },
  );
};
