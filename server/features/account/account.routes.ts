import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountExport,
  DeleteAccountRequest,
  ExportQuery,
  IMPORT_LIMITS,
  ImportRequest,
  ImportResponse,
} from '../../../contract/account.js';
import { ErrorBody } from '../../../contract/errors.js';
import { principalOf } from '../../http/authenticate.js';
import type { AccountService } from './account.service.js';
import type { ImportService } from './import.service.js';
import { importJobRoutes } from './import-jobs.routes.js';

export const accountRoutes: FastifyPluginAsyncZod<{
  account: AccountService;
  imports: ImportService;
}> = async (app, { account, imports }) => {
  // Its own plugin: file uploads replace the JSON body parser there and nowhere else.
  await app.register(importJobRoutes, { imports });
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
        summary: 'Download every trace of the account: Cairn JSON, Markdown notes (.zip) or MCP memory JSONL',
        description:
          'Streamed as it is read, so any size exports in constant memory. Signed-in person or their API key (read:traces); never an OAuth token.',
        querystring: ExportQuery,
        response: {
          200: AccountExport.describe('format=json; markdown is application/zip, mcp-memory is JSON lines'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const download = await account.exportStream(principalOf(request), request.query.format, {
        includeHistory: request.query.include_history,
      });
      reply.header('content-disposition', `attachment; filename="${download.fileName}"`);
      reply.header('cache-control', 'no-store');
      reply.type(download.contentType);
      // A stream is sent as it is (Fastify skips serialisation); the schema above documents the JSON shape.
      return reply.send(Readable.from(download.body) as never);
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
        summary: `Import traces given as JSON, at once (at most ${IMPORT_LIMITS.tracesPerRequest} per request; files of any format go to /api/account/import/jobs)`,
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
