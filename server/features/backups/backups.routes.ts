import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BackupStatus } from '../../../contract/backups.js';
import { ErrorBody } from '../../../contract/errors.js';
import { principalOf } from '../../http/authenticate.js';
import type { BackupsService } from './backups.service.js';

/** `GET /api/backups/status`: the latest backup, for the Settings → Data page. */
export const backupsRoutes: FastifyPluginAsyncZod<{ backups: BackupsService }> = async (app, { backups }) => {
  app.get(
    '/api/backups/status',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['server'],
        security: [{ bearer: [] }],
        summary: 'Whether this server backs itself up, and when it last did',
        response: { 200: BackupStatus, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return backups.status(principalOf(request));
    },
  );
};
