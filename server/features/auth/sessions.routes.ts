import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contract/errors.js';
import { SessionIdParams, SessionList, SignOutOthersResponse } from '../../../contract/sessions.js';
import { principalOf } from '../../http/authenticate.js';
import type { SessionsService } from './sessions.service.js';

/**
 * `/api/sessions`: where the person is signed in. Outside `/api/auth` on purpose: the refresh
 * cookie's path is /api/auth, and these routes have no need to receive it.
 */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (app, opts) => {
  const { sessions } = opts;
  const common = { tags: ['sessions'], security: [{ bearer: [] }] };
  const errors = { 401: ErrorBody, 403: ErrorBody };

  app.get(
    '/api/sessions',
    {
      preHandler: app.requireAuth(),
      schema: {
        ...common,
        summary: 'Where you are signed in: each sign-in with a valid token, latest activity first',
        response: { 200: SessionList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sessions.list(principalOf(request));
    },
  );

  app.delete(
    '/api/sessions/:id',
    {
      preHandler: app.requireAuth(),
      schema: {
        ...common,
        summary: 'Sign one session out (it stops working at once; the current one too, if chosen)',
        params: SessionIdParams,
        response: { 204: z.null(), ...errors, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await sessions.end(principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/sessions/sign-out-others',
    {
      preHandler: app.requireAuth(),
      schema: {
        ...common,
        summary: 'Sign out everywhere but this session',
        response: { 200: SignOutOthersResponse, ...errors },
      },
    },
    async (request) => sessions.endOthers(principalOf(request)),
  );
};
