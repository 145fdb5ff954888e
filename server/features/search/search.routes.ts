import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contract/errors.js';
import { SearchQueryString, SearchRequest, SearchResponse } from '../../../contract/search.js';
import { SimilarTraces } from '../../../contract/traces.js';
import { principalOf } from '../../http/authenticate.js';
import { requestSignal } from '../../http/overload.js';
import type { SearchService } from './search.service.js';

const DESCRIPTION =
  'Hybrid search: full text (BM25-style, English stemming) and semantic similarity of a local ' +
  'embedding model give candidates; each gets a `relevance` from 0 to 1 that means the same for ' +
  'every query, and those below `min_relevance` are left out (an empty answer carries a `message`). ' +
  'Sorted by relevance with gentle recency and importance priors. Traces not yet embedded are ' +
  'found by full text. `mode` is `fulltext` when the model could not answer. With an API key or ' +
  'OAuth token, each returned result counts as an access (access_count).';

/** POST /api/search and GET /api/search?q=: thin; the service checks read:traces. */
export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  const tags = ['search'];
  const security = [{ bearer: [] }];
  const response = { 200: SearchResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
  const auth = app.requireAuth();

  app.post(
    '/api/search',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Search traces by meaning and words',
        description: DESCRIPTION,
        body: SearchRequest,
        response,
      },
    },
    async (request) => search.search(principalOf(request), request.body, { signal: requestSignal(request) }),
  );

  app.get(
    '/api/search',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        summary: 'Search traces (query string form, for quick use)',
        description: `${DESCRIPTION} \`tags\` is comma-separated.`,
        querystring: SearchQueryString,
        response,
      },
    },
    async (request) => {
      const { q, ...filters } = request.query;
      return search.search(
        principalOf(request),
        { query: q, ...filters },
        { signal: requestSignal(request) },
      );
    },
  );

  app.get(
    '/api/traces/:id/similar',
    {
      preHandler: auth,
      schema: {
        tags: ['traces'],
        security,
        summary: 'Near-duplicates of a trace',
        description:
          'Traces found to say nearly the same thing, by words (when either was created) or by meaning ' +
          '(cosine of the vectors), best first, at most 5. Active traces only.',
        params: z.object({ id: z.string().max(100).describe('Trace id (UUID)') }),
        response: { 200: SimilarTraces, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => ({ similar: await search.similar(principalOf(request), request.params.id) }),
  );
};
