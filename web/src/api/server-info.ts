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

export type SetupUrls = { publicUrl: string; mcpUrl: string; apiUrl: string; fromServer: boolean };

/**
 * The addresses to print in snippets. Until the server has answered (or if it cannot), the
 * browser's own origin stands in: right for most installs, and marked so the page can say so.
 */
export function setupUrls(info: ServerInfo | undefined, origin: string): SetupUrls {
  if (info)
    return { publicUrl: info.public_url, mcpUrl: info.mcp_url, apiUrl: info.api_url, fromServer: true };
  return { publicUrl: origin, mcpUrl: `${origin}/mcp`, apiUrl: `${origin}/api`, fromServer: false };
}
