import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ServerInfo } from '../../../contract/server-info.js';
import type { Config } from '../../config.js';

export const serverInfoRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const info: ServerInfo = {
    name: 'Cairn',
    version: config.version,
    public_url: config.publicUrl,
    mcp_url: `${config.publicUrl}/mcp`,
    api_url: `${config.publicUrl}/api`,
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
