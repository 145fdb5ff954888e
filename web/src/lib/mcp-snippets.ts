/**
 * The copyable set-up snippets of the MCP Setup page, built from this server's PUBLIC_URL
 * (`GET /api/server-info`) so what people paste points at the address assistants can reach.
 * Client syntax as documented by each client (see ../shared/notes/mcp-clients.md).
 */

/** Stands in for the person's key: keys are shown once, so the page never knows one. */
export const KEY_PLACEHOLDER = '<your-api-key>';

/** The name the server is registered under in each client's configuration. */
export const SERVER_NAME = 'cairn';

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Claude Code CLI with an API key in the Authorization header. */
export function claudeCodeCommand(mcpUrl: string, key = KEY_PLACEHOLDER): string {
  return `claude mcp add --transport http ${SERVER_NAME} ${mcpUrl} --header "Authorization: Bearer ${key}"`;
}

/** Claude Code CLI without a key: it signs in with OAuth when you run /mcp. */
export function claudeCodeOAuthCommand(mcpUrl: string): string {
  return `claude mcp add --transport http ${SERVER_NAME} ${mcpUrl}`;
}

/** Cursor's ~/.cursor/mcp.json with an API key. */
export function cursorConfig(mcpUrl: string, key = KEY_PLACEHOLDER): string {
  return json({
    mcpServers: { [SERVER_NAME]: { url: mcpUrl, headers: { Authorization: `Bearer ${key}` } } },
  });
}

/** Cursor's ~/.cursor/mcp.json without headers: Cursor offers to sign in with OAuth. */
export function cursorOAuthConfig(mcpUrl: string): string {
  return json({ mcpServers: { [SERVER_NAME]: { url: mcpUrl } } });
}

/**
 * Any client that starts MCP servers as local processes (Claude Desktop, Cursor, Windsurf…). npx
 * installs the tarball this server serves (packages/mcp-stdio, bin `cairn-mcp`), never a registry
 * name that someone else could publish (ADR 0023).
 */
export function stdioConfig(packageUrl: string, publicUrl: string, key = KEY_PLACEHOLDER): string {
  return json({
    mcpServers: {
      [SERVER_NAME]: {
        command: 'npx',
        args: ['-y', packageUrl],
        env: { CAIRN_URL: publicUrl, CAIRN_API_KEY: key },
      },
    },
  });
}

/** For clients that cannot send headers. The key ends up wherever URLs are logged. */
export function mcpUrlWithApiKey(mcpUrl: string, key = KEY_PLACEHOLDER): string {
  return `${mcpUrl}?api_key=${key}`;
}

/** The REST example: one search, as a single curl line. */
export function curlSearch(publicUrl: string, key = KEY_PLACEHOLDER, query = 'project deadlines'): string {
  const body = JSON.stringify({ query }).replaceAll("'", "'\\''");
  return (
    `curl -X POST ${publicUrl}/api/search -H "Authorization: Bearer ${key}" ` +
    `-H "Content-Type: application/json" -d '${body}'`
  );
}

/** One line that prints the download's checksum, to compare with the one the page pins. */
export function checksumCommand(packageUrl: string): string {
  return `curl -fsSL ${packageUrl} | sha256sum`;
}
