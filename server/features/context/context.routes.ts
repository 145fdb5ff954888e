import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContextQuery, ContextResponse } from '../../../contract/context.js';
import { ErrorBody } from '../../../contract/errors.js';
import { principalOf } from '../../http/authenticate.js';
import { requestSignal } from '../../http/overload.js';
import { briefingText, type ContextService } from './context.service.js';

/**
 * `GET /api/context`: the session briefing (ADR 0030) for what runs before any MCP connection, such
 * as a Claude Code SessionStart hook, whose printed output becomes the session's first context.
 */
export const contextRoutes: FastifyPluginAsyncZod<{ context: ContextService }> = async (app, { context }) => {
  app.get(
    '/api/context',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags: ['context'],
        security: [{ bearer: [] }],
        summary: 'A briefing for a session in a project, within a token budget',
        description:
          'Pinned and high-importance traces first, then the most used and most recent, then those ' +
          'relevant to `task` (hybrid search); of `project` and the personal traces. Tokens are ' +
          'estimated as characters / 4. `format=text` answers Markdown, for a hook to print.',
        querystring: ContextQuery,
        response: { 200: ContextResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const { format, max_tokens, ...rest } = request.query;
      const briefing = await context.briefing(
        principalOf(request),
        { ...rest, ...(max_tokens === undefined ? {} : { max_tokens }) },
        { signal: requestSignal(request) },
      );
      if (format === 'text') {
        // Markdown, not the JSON schema's shape: its own serializer, so the JSON one is not applied.
        return reply
          .type('text/markdown; charset=utf-8')
          .serializer((payload) => String(payload))
          .send(briefingText(briefing) as never);
      }
      return briefing;
    },
  );
};
