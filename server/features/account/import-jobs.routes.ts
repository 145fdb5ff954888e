import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_JOB_LIMITS,
  ImportJob,
  ImportJobItemsQuery,
  ImportJobItemsResponse,
  ImportJobList,
  StartImportJobRequest,
} from '../../../contract/account.js';
import { ErrorBody } from '../../../contract/errors.js';
import { principalOf } from '../../http/authenticate.js';
import { AppError } from '../../http/errors.js';
import type { ImportService } from './import.service.js';
import { MultipartFile, multipartBoundary } from './multipart-file.js';

const tooLarge = () =>
  new AppError(
    413,
    'payload_too_large',
    `The file is larger than ${IMPORT_JOB_LIMITS.fileBytes / 1024 / 1024} MiB`,
  );

/**
 * Import jobs over HTTP. The upload is the file itself as the request body (any content type), or
 * a multipart/form-data form with the file as a part (curl -F file=@x.json, an HTML form): either
 * way streamed to a temporary file and read from there, so a 50 MB file is never held in memory.
 */
export const importJobRoutes: FastifyPluginAsyncZod<{ imports: ImportService }> = async (
  app,
  { imports },
) => {
  const tags = ['account'];
  const security = [{ bearer: [] }];
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  const JobParams = z.object({ id: z.string() });

  // Leave the body unread: the handler streams it to disk with its own size limit.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.post(
    '/api/account/import/jobs',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags,
        security,
        summary: 'Upload a file to import and get its preview (the job starts with …/start)',
        description:
          'The body is the file itself: a Cairn export, MCP memory JSONL, a mem0/OpenMemory export, a .zip of Markdown notes, or plain text with one memory per line. The format is detected from the content. A multipart/form-data body is accepted too: its file part (the first with a filename, or the one named file) is imported. Binary files (images, PDFs, compressed files other than .zip) are refused with 415. 201: the preview is complete (status ready). 202: the file is large and is still being read (status staging): poll the job until it is ready (or failed, with its error); it cannot be started before. Not safe to retry blindly: a retried upload is a second job.',
        querystring: z.object({
          name: z.string().max(255).optional().describe('The file name, shown in the history'),
        }),
        response: { 201: ImportJob, 202: ImportJob, 413: ErrorBody, 415: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const dir = await mkdtemp(path.join(tmpdir(), 'cairn-import-'));
      const discard = () => rm(dir, { recursive: true, force: true });
      const file = path.join(dir, randomBytes(8).toString('hex'));
      let multipart: MultipartFile | undefined;
      try {
        let bytes = 0;
        const limit = new Transform({
          transform(chunk: Buffer, _enc, next) {
            bytes += chunk.length;
            next(bytes > IMPORT_JOB_LIMITS.fileBytes ? tooLarge() : null, chunk);
          },
        });
        const boundary = multipartBoundary(request.headers['content-type']);
        if (boundary) {
          multipart = new MultipartFile(boundary);
          await pipeline(request.raw, limit, multipart, createWriteStream(file));
        } else {
          await pipeline(request.raw, limit, createWriteStream(file));
        }
      } catch (err) {
        await discard();
        throw err;
      }
      // From here the service owns the file, and discards it once it has been read.
      const { job, complete } = await imports.upload(principal, {
        path: file,
        name: request.query.name ?? multipart?.fileName ?? null,
        discard,
      });
      return reply.status(complete ? 201 : 202).send(job);
    },
  );

  app.get(
    '/api/account/import/jobs',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags,
        security,
        summary: 'The last 20 imports, newest first',
        response: { 200: ImportJobList, ...errors },
      },
    },
    async (request) => ({ jobs: await imports.list(principalOf(request)) }),
  );

  app.get(
    '/api/account/import/jobs/:id',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags,
        security,
        summary: 'An import: its preview and progress',
        params: JobParams,
        response: { 200: ImportJob, ...errors },
      },
    },
    async (request) => imports.get(principalOf(request), request.params.id),
  );

  app.get(
    '/api/account/import/jobs/:id/items',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags,
        security,
        summary: 'The per-item report of an import, in file order, a page at a time',
        params: JobParams,
        querystring: ImportJobItemsQuery,
        response: { 200: ImportJobItemsResponse, ...errors },
      },
    },
    async (request) => imports.items(principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/api/account/import/jobs/:id/start',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags,
        security,
        summary: 'Start a previewed import; it runs in the background (poll the job for progress)',
        params: JobParams,
        response: { 202: ImportJob, 409: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const options = await readJsonOptions(request.raw);
      return reply.status(202).send(await imports.start(principalOf(request), request.params.id, options));
    },
  );

  app.post(
    '/api/account/import/jobs/:id/cancel',
    {
      preHandler: app.requireAuth(),
      schema: {
        tags,
        security,
        summary: 'Stop an import: what is saved stays, the rest is not imported',
        params: JobParams,
        response: { 200: ImportJob, ...errors },
      },
    },
    async (request) => imports.cancel(principalOf(request), request.params.id),
  );
};

/** The start options (JSON, optional), read here as this plugin has no body parser. */
async function readJsonOptions(raw: NodeJS.ReadableStream) {
  let text = '';
  for await (const chunk of raw) {
    text += chunk.toString();
    if (text.length > 4096) throw new AppError(413, 'payload_too_large', 'The options are too large');
  }
  let value: unknown = {};
  if (text.trim()) {
    try {
      value = JSON.parse(text);
    } catch {
      throw new AppError(400, 'validation_failed', 'The body must be JSON');
    }
  }
  const parsed = StartImportJobRequest.safeParse(value);
  if (!parsed.success)
    throw new AppError(400, 'validation_failed', parsed.error.issues[0]?.message ?? 'Invalid options');
  return parsed.data;
}
