import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contract/errors.js';
import { TraceVersionList } from '../../../contract/history.js';
import { TraceSchema } from '../../../contract/traces.js';
import { principalOf } from '../../http/authenticate.js';
import type { HistoryService } from './history.service.js';

// Not z.uuid() nor a number: a malformed id or version answers 404 like an unknown one, not 400.
const IdParams = z.object({ id: z.string().max(100).describe('Trace id (UUID)') });
const VersionParams = IdParams.extend({
  version: z.string().max(20).describe('Version number, from GET /api/traces/{id}/versions'),
});

/**
 * REST for a trace's history (ADR 0033). Thin: the service checks scope, ownership and a
 * project-limited key's project, as `GET /api/traces/{id}` does.
 */
export const historyRoutes: FastifyPluginAsyncZod<{ history: HistoryService }> = async (app, { history }) => {
  const tags = ['traces'];
  const security = [{ bearer: [] }];
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
  const auth = app.requireAuth();

  app.get(
    '/api/traces/:id/versions',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: "A trace's earlier versions, newest first",
        description:
          'Each edit keeps the trace as it was before it (title, content, category, importance, ' +
          'tags), with the fields the edit changed, when and by whom. At most `kept` versions are ' +
          'kept; older ones are erased. Moving to a project or pinning keeps no version.',
        params: IdParams,
        response: { 200: TraceVersionList, ...errors },
      },
    },
    async (request) => history.list(principalOf(request), request.params.id),
  );

  app.post(
    '/api/traces/:id/versions/:version/restore',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Bring an earlier version back',
        description:
          'An edit like any other: the version it replaces is kept, the embedding is refreshed, and ' +
          '409 `duplicate_trace` when another trace has that content now. Restoring the version ' +
          'the trace already reads as changes nothing.',
        params: VersionParams,
        response: { 200: TraceSchema, ...errors },
      },
    },
    async (request) => history.restore(principalOf(request), request.params.id, request.params.version),
  );
};
