import { z } from 'zod';

/**
 * Public facts about this server that the web app's set-up pages print into copyable snippets:
 * the address people and assistants must use is PUBLIC_URL, which can differ from the address the
 * browser happens to be on (a reverse proxy, a LAN name).
 */
export const ServerInfo = z
  .object({
    name: z.literal('Cairn'),
    version: z.string(),
    public_url: z.string().describe('PUBLIC_URL: the base of every absolute URL'),
    mcp_url: z.string().describe('The remote MCP endpoint (Streamable HTTP)'),
    api_url: z.string().describe('The REST API base'),
    stdio_client: z
      .object({
        url: z.string().describe('The packed stdio MCP client: `npx -y <url>` runs it'),
        sha256: z.string().describe('Checksum of exactly the bytes served at url'),
      })
      .nullable()
      .describe('Null when this server was started without a build (no package to serve)'),
    oauth: z.object({
      issuer: z.string(),
      dynamic_registration: z.boolean().describe('Whether assistants may register OAuth clients themselves'),
    }),
  })
  .meta({ id: 'ServerInfo' });
export type ServerInfo = z.infer<typeof ServerInfo>;
