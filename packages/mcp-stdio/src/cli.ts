#!/usr/bin/env node
// cairn-mcp: Cairn as a local MCP server over stdio, for Claude Desktop, Claude Code, Cursor and
// any client that starts MCP servers as processes. stdout carries the protocol; everything meant
// for people goes to stderr (the client's MCP log).
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CairnError, createCairnApi } from './cairn-api.js';
import { ConfigError, readConfig } from './config.js';
import { createServer, version } from './server.js';

const log = (message: string) => process.stderr.write(`cairn-mcp: ${message}\n`);

async function main(): Promise<void> {
  if (process.argv.includes('--version')) {
    process.stdout.write(`${version}\n`);
    return;
  }
  const config = readConfig(process.env);
  const api = createCairnApi(config);
  const server = createServer(api, config.baseUrl, log);
  await server.connect(new StdioServerTransport());
  log(`serving Cairn at ${config.baseUrl} over stdio (version ${version})`);
  // Say early if the key or address is wrong; tools report the same error when called.
  api.check().then(
    () => log('connected: the API key works'),
    (err: unknown) => log(err instanceof CairnError ? err.message : String(err)),
  );
}

main().catch((err: unknown) => {
  log(
    err instanceof ConfigError
      ? err.message
      : `failed to start: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(err instanceof ConfigError ? 2 : 1);
});
