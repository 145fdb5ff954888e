import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contract/errors.js';
import { BulkTracesRequest, BulkTracesResponse } from '../../../contract/trace-bulk.js';
import {
  CreateTraceRequest,
  CreateTraceResponse,
  ListTracesQuery,
  StatsResponse,
  TraceListResponse,
  TraceDetail,
  TraceSchema,
  UpdateTraceRequest,
  UpdateTraceResponse,
} from '../../../contract/traces.js';
import { principalOf } from '../../http/authenticate.js';
import type { TraceBulkService } from './bulk.service.js';
import type { StatsService } from './stats.service.js';
import type { TracesService } from './traces.service.js';

type Opts = { traces: TracesService; stats: StatsService; bulk: TraceBulkService };

// Not z.uuid(): a malformed id must answer 404 "Trace not found" like any unknown one, not 400.
const IdParams = z.object({ id: z.string().max(100).describe('Trace id (UUID)') });

/**
 * REST for traces. Thin: the contract validates, the service checks scopes (read:traces /
 * write:traces) and ownership, so API keys and OAuth tokens get the same rules as the web app.
 */
export const tracesRoutes: FastifyPluginAsyncZod<Opts> = async (app, { traces, stats, bulk }) => {
  const tags = ['traces'];
  const security = [{ bearer: [] }];
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
  const auth = app.requireAuth();

  app.get(
    '/api/traces',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'List traces: sorted, filtered, a page at a time',
        description:
          'Active traces only. `search` is a case-insensitive substring of title or content (taken ' +
          'literally), `category` an exact category, `importance` an exact importance, `tags` a ' +
          'comma-separated list the trace must all carry, `exclude` up to 50 comma-separated trace ' +
          'ids to leave out. `sort` is `newest` (the default), `oldest`, `most_used` (retrievals by ' +
          'assistants and programs) or `importance` (high first); ties go newest first. ' +
          'A page past the end is an empty list.',
        querystring: ListTracesQuery,
        response: { 200: TraceListResponse, ...errors },
      },
    },
    async (request) => traces.list(principalOf(request), request.query),
  );

  app.post(
    '/api/traces/bulk',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Delete, restore, re-categorise, tag or move up to 100 traces at once',
        description:
          'One action on up to 100 traces, in one transaction. Ids that are not your traces (or ' +
          'not in a state the action applies to: already deleted, already tagged, ...) are ' +
          'ignored, not refused, and never reveal whether another user has them; `changed` lists ' +
          'the traces that changed. `restore` undoes `delete` (a trace whose content an active ' +
          'trace has is left deleted); `add_tag` leaves a trace already at the tag limit as it is; ' +
          '`move_to_project` names an existing project (an unknown name is a 400 `unknown_project`) ' +
          'or null for personal, and needs a key for the whole account (a project-limited one: 403).',
        body: BulkTracesRequest,
        response: { 200: BulkTracesResponse, ...errors },
      },
    },
    async (request) => bulk.apply(principalOf(request), request.body),
  );

  app.post(
    '/api/traces',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Create a trace',
        description:
          'Category, importance and tags left out (or "auto") are suggested automatically. If an ' +
          'active trace already has the same content (ignoring case, spacing and Unicode form), ' +
          'nothing is created: the answer is 200 with that trace and `duplicate_of`.',
        body: CreateTraceRequest,
        response: { 201: CreateTraceResponse, 200: CreateTraceResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { trace, created } = await traces.create(principalOf(request), request.body);
      return reply.status(created ? 201 : 200).send(trace);
    },
  );

  app.get(
    '/api/traces/:id',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Get one trace',
        description:
          'A read with an API key or OAuth token counts as an access (access_count). `replaces` lists the traces it replaced (ADR 0034).',
        params: IdParams,
        response: { 200: TraceDetail, ...errors },
      },
    },
    async (request) => traces.get(principalOf(request), request.params.id),
  );

  app.patch(
    '/api/traces/:id',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Edit a trace (only the fields sent change)',
        description:
          'When the content changes, `possibly_outdated` names current traces on the same subject as the ' +
          'new text (mark one superseded with PUT /api/traces/{id}/superseded_by if it no longer holds).',
        params: IdParams,
        body: UpdateTraceRequest,
        response: { 200: UpdateTraceResponse, ...errors },
      },
    },
    async (request) => traces.update(principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/traces/:id',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Delete a trace (soft: it can be restored)',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await traces.remove(principalOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/traces/:id/restore',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Undo a delete',
        description: '409 when an active trace now has the same content.',
        params: IdParams,
        response: { 200: TraceSchema, ...errors },
      },
    },
    async (request) => traces.restore(principalOf(request), request.params.id),
  );

  app.get(
    '/api/stats',
    {
      preHandler: auth,
      schema: {
        tags: ['dashboard'],
        security,
        summary: 'Dashboard numbers and a 30-day series',
        response: { 200: StatsResponse, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => stats.stats(principalOf(request)),
  );
};
