import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../contract/errors.js';
import {
  CreateProjectRequest,
  DeleteProjectQuery,
  DeleteProjectResponse,
  ListProjectsQuery,
  ProjectIdParams,
  ProjectList,
  ProjectSchema,
  UpdateProjectRequest,
} from '../../../contract/projects.js';
import { principalOf } from '../../http/authenticate.js';
import type { ProjectsService } from './projects.service.js';

/**
 * `/api/projects` (ADR 0029): list with per-project counts, create, rename / describe / archive,
 * delete (its traces made personal or deleted, as asked). Thin: the service checks scopes and
 * that a project-limited credential touches nothing else.
 */
export const projectsRoutes: FastifyPluginAsyncZod<{ projects: ProjectsService }> = async (
  app,
  { projects },
) => {
  const common = { tags: ['projects'], security: [{ bearer: [] }] };
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  const auth = app.requireAuth();

  app.get(
    '/api/projects',
    {
      preHandler: auth,
      schema: {
        ...common,
        summary: 'Your projects, by name, each with its number of active traces',
        description:
          'Archived projects only with `archived=true`. `personal_count` is the number of active ' +
          'traces in no project. A project-limited credential sees its own project only.',
        querystring: ListProjectsQuery,
        response: { 200: ProjectList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => projects.list(principalOf(request), { archived: request.query.archived }),
  );

  app.post(
    '/api/projects',
    {
      preHandler: auth,
      schema: {
        ...common,
        summary: 'Create a project',
        description: '409 `duplicate_project` when the name is taken (names ignore case).',
        body: CreateProjectRequest,
        response: { 201: ProjectSchema, ...errors, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const project = await projects.create(principalOf(request), request.body);
      return reply.code(201).send(project);
    },
  );

  app.patch(
    '/api/projects/:id',
    {
      preHandler: auth,
      schema: {
        ...common,
        summary: 'Rename a project, change its description, archive it or bring it back',
        description:
          'An archived project keeps its traces and is still searchable by name; it is left out of ' +
          'the project list unless asked for.',
        params: ProjectIdParams,
        body: UpdateProjectRequest,
        response: { 200: ProjectSchema, ...errors, 409: ErrorBody },
      },
    },
    async (request) => projects.update(principalOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/projects/:id',
    {
      preHandler: auth,
      schema: {
        ...common,
        summary: 'Delete a project',
        description:
          '`traces=personal` keeps its traces, in no project; `traces=delete` deletes them (restorable ' +
          'for 30 days, then personal). API keys limited to the project are deleted with it.',
        params: ProjectIdParams,
        querystring: DeleteProjectQuery,
        response: { 200: DeleteProjectResponse, ...errors },
      },
    },
    async (request) => projects.remove(principalOf(request), request.params.id, request.query.traces),
  );
};
