import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../http/errors.js';
import { STDIO_CLIENT_FILE, STDIO_CLIENT_PATH, type StdioClientDownload } from './stdio-client.js';

/**
 * GET /downloads/cairn-mcp.tgz: the stdio MCP client, for `npx -y <PUBLIC_URL>/downloads/cairn-mcp.tgz`
 * (ADR 0023). Public like the web app's own files: it holds no secret, and npx sends no credentials.
 */
export const downloadsRoutes: FastifyPluginAsync<{ stdioClient: StdioClientDownload | null }> = async (
  app,
  { stdioClient },
) => {
  app.get(STDIO_CLIENT_PATH, { schema: { hide: true } }, async (_request, reply) => {
    if (!stdioClient) {
      throw notFound('The stdio client is not built on this server: run `npm run build`');
    }
    return reply
      .type('application/gzip')
      .header('content-disposition', `attachment; filename="${STDIO_CLIENT_FILE}"`)
      .header('x-checksum-sha256', stdioClient.sha256)
      .header('cache-control', 'no-cache')
      .send(stdioClient.bytes);
  });
};
