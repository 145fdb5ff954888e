import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ServerInfo } from '../../../contract/server-info.js';
import type { Config } from '../../config.js';
import { STDIO_CLIENT_PATH } from '../downloads/stdio-client.js';

export const serverInfoRoutes: FastifyPluginAsyncZod<{
  config: Config;
  stdioClientSha256: string | null;
}> = async (app, { config, stdioClientSha256 }) => {
  const info: ServerInfo = {
    name: 'Cairn',
    version: config.version,
    public_url: config.publicUrl,
    mcp_url: `${config.publicUrl}/mcp`,
    api_url: `${config.publicUrl}/api`,
    stdio_client: stdioClientSha256
      ? { url: `${config.publicUrl}${STDIO_CLIENT_PATH}`, sha256: stdioClientSha256 }
      : null,
    oauth: { issuer: config.publicUrl, dynamic_registration: config.oauthDynamicRegistration },
  };
  app.get(
    '/api/server-info',
    {
      schema: {
        tags: ['server'],
        summary: 'Public facts for set-up instructions: PUBLIC_URL, the MCP endpoint, OAuth options',
        response: { 200: ServerInfo },
      },
    },
    async () => info,
  );
};
