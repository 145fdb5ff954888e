import { describe, expect, it } from 'vitest';
import {
  claudeCodeCommand,
  claudeCodeOAuthCommand,
  cursorConfig,
  cursorOAuthConfig,
  curlSearch,
  KEY_PLACEHOLDER,
  mcpUrlWithApiKey,
  stdioConfig,
  checksumCommand,
} from './mcp-snippets.js';

const BASE = 'https://memory.example.org';
const MCP = `${BASE}/mcp`;

describe('MCP set-up snippets', () => {
  it('Claude Code: the documented `claude mcp add` form with the key as a Bearer header', () => {
    expect(claudeCodeCommand(MCP)).toBe(
      `claude mcp add --transport http cairn https://memory.example.org/mcp --header "Authorization: Bearer ${KEY_PLACEHOLDER}"`,
    );
    expect(claudeCodeOAuthCommand(MCP)).toBe(
      'claude mcp add --transport http cairn https://memory.example.org/mcp',
    );
  });

  it('Cursor: mcp.json with url and an Authorization header, or the url alone for OAuth', () => {
    expect(JSON.parse(cursorConfig(MCP, 'cairn_k'))).toEqual({
      mcpServers: { cairn: { url: MCP, headers: { Authorization: 'Bearer cairn_k' } } },
    });
    expect(JSON.parse(cursorOAuthConfig(MCP))).toEqual({ mcpServers: { cairn: { url: MCP } } });
  });

  it('local stdio server: npx of the tarball this server serves, with the server and key in env', () => {
    const pkg = `${BASE}/downloads/cairn-mcp.tgz`;
    expect(JSON.parse(stdioConfig(pkg, BASE, 'cairn_k'))).toEqual({
      mcpServers: {
        cairn: {
          command: 'npx',
          args: ['-y', pkg],
          env: { CAIRN_URL: BASE, CAIRN_API_KEY: 'cairn_k' },
        },
      },
    });
  });

  it('the checksum line downloads the same URL npx installs', () => {
    expect(checksumCommand(`${BASE}/downloads/cairn-mcp.tgz`)).toBe(
      `curl -fsSL ${BASE}/downloads/cairn-mcp.tgz | sha256sum`,
    );
  });

  it('the api_key query parameter form', () => {
    expect(mcpUrlWithApiKey(MCP, 'cairn_k')).toBe(`${MCP}?api_key=cairn_k`);
  });

  it('REST: one curl line posting the query to /api/search, quoted for a POSIX shell', () => {
    expect(curlSearch(BASE, 'cairn_k', 'tea')).toBe(
      `curl -X POST ${BASE}/api/search -H "Authorization: Bearer cairn_k" -H "Content-Type: application/json" -d '{"query":"tea"}'`,
    );
    expect(curlSearch(BASE, 'cairn_k', "Bob's notes")).toContain(`-d '{"query":"Bob'\\''s notes"}'`);
  });
});
