import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contract/errors.js';
import { SupersedeRequest, TraceSchema } from '../../../contract/traces.js';
import { principalOf } from '../../http/authenticate.js';
import type { TracesService } from './traces.service.js';

// Not z.uuid(): a malformed id must answer 404 "Trace not found" like any unknown one, not 400.
const IdParams = z.object({ id: z.string().max(100).describe('Trace id (UUID)') });

/** Superseded traces (ADR 0034): the person marks what a newer trace replaced, or undoes it. */
export const supersedeRoutes: FastifyPluginAsyncZod<{ traces: TracesService }> = async (app, { traces }) => {
  const tags = ['traces'];
  const security = [{ bearer: [] }];
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
  const auth = app.requireAuth();

  app.put(
    '/api/traces/:id/superseded_by',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Mark a trace replaced by a newer one',
        description:
          'The trace is kept but no longer holds: it leaves search and the session briefing ' +
          '(`include_superseded` reaches it) and shows what replaced it. The replacing trace must be ' +
          'active and not itself superseded (409 `replacement_superseded`).',
        params: IdParams,
        body: SupersedeRequest,
        response: { 200: TraceSchema, ...errors },
      },
    },
    async (request) => {
      const [trace] = await traces.supersede(principalOf(request), [request.params.id], request.body.id);
      return trace!;
    },
  );

  app.delete(
    '/api/traces/:id/superseded_by',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Mark a superseded trace current again',
        description:
          'It returns to search and the briefing. A trace that is not superseded is left as it is.',
        params: IdParams,
        response: { 200: TraceSchema, ...errors },
      },
    },
    async (request) => traces.markCurrent(principalOf(request), request.params.id),
  );
};
