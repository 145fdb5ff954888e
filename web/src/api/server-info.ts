import { useQuery } from '@tanstack/react-query';
import type { ServerInfo } from '../../../contract/server-info.js';
import { api } from '../lib/api-client.js';

export const serverInfoKeys = { all: ['server-info'] as const };

/** PUBLIC_URL and the endpoints derived from it; fixed for the life of the server process. */
export function useServerInfo() {
  return useQuery({
    queryKey: serverInfoKeys.all,
    queryFn: ({ signal }) => api<ServerInfo>('/api/server-info', { auth: false, signal }),
    staleTime: Infinity,
  });
}

/** Where the server serves its own stdio MCP client (ADR 0023). */
const STDIO_CLIENT_PATH = '/downloads/cairn-mcp.tgz';

export type SetupUrls = {
  publicUrl: string;
  mcpUrl: string;
  apiUrl: string;
  /** The stdio client this server serves, and its checksum (null: not built, or not known yet). */
  stdioClient: { url: string; sha256: string | null };
  fromServer: boolean;
};

/**
 * The addresses to print in snippets. Until the server has answered (or if it cannot), the
 * browser's own origin stands in: right for most installs, and marked so the page can say so.
 */
export function setupUrls(info: ServerInfo | undefined, origin: string): SetupUrls {
  if (info)
    return {
      publicUrl: info.public_url,
      mcpUrl: info.mcp_url,
      apiUrl: info.api_url,
      stdioClient: info.stdio_client ?? { url: `${info.public_url}${STDIO_CLIENT_PATH}`, sha256: null },
      fromServer: true,
    };
  return {
    publicUrl: origin,
    mcpUrl: `${origin}/mcp`,
    apiUrl: `${origin}/api`,
    stdioClient: { url: `${origin}${STDIO_CLIENT_PATH}`, sha256: null },
    fromServer: false,
  };
}
