import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../../contract/errors.js';
import {
  MergeTagsRequest,
  RenameTagRequest,
  TagChangeResponse,
  TagCountList,
  TagParams,
} from '../../../../contract/tags.js';
import { principalOf } from '../../../http/authenticate.js';
import type { TagsService } from './tags.service.js';

/** `/api/tags`: the person's tags with counts; rename, merge and delete across every trace. */
export const tagsRoutes: FastifyPluginAsyncZod<{ tags: TagsService }> = async (app, { tags }) => {
  const common = { tags: ['tags'], security: [{ bearer: [] }] };
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  const auth = app.requireAuth();

  app.get(
    '/api/tags',
    {
      preHandler: auth,
      schema: {
        ...common,
        summary: 'Your tags, each with how many active traces carry it (most used first)',
        response: { 200: TagCountList, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => tags.list(principalOf(request)),
  );

  app.patch(
    '/api/tags/:tag',
    {
      preHandler: auth,
      schema: {
        ...common,
        summary: 'Rename a tag on every trace that carries it',
        description:
          '409 `tag_exists` when the new name is already a tag: merge them (POST /api/tags/merge) ' +
          'instead. Deleted traces are renamed too, so restoring one does not bring the old name back.',
        params: TagParams,
        body: RenameTagRequest,
        response: { 200: TagChangeResponse, ...errors, 409: ErrorBody },
      },
    },
    async (request) => tags.rename(principalOf(request), request.params.tag, request.body),
  );

  app.post(
    '/api/tags/merge',
    {
      preHandler: auth,
      schema: {
        ...common,
        summary: 'Merge tags: every trace carrying one of `tags` carries `into` instead, once',
        body: MergeTagsRequest,
        response: { 200: TagChangeResponse, ...errors },
      },
    },
    async (request) => tags.merge(principalOf(request), request.body),
  );

  app.delete(
    '/api/tags/:tag',
    {
      preHandler: auth,
      schema: {
        ...common,
        summary: 'Remove a tag from every trace; the traces stay',
        params: TagParams,
        response: { 200: TagChangeResponse, ...errors },
      },
    },
    async (request) => tags.remove(principalOf(request), request.params.tag),
  );
};
