import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ApiKeyPermission } from '../../../../contract/api-keys.js';
import { createTestApp, type TestApp } from '../../../test-support/test-app.js';

/**
 * Test kit for the MCP suites: the shared test app listening on 127.0.0.1 with PUBLIC_URL set to
 * that very address (so Host checks and the links in results are real), people made through the
 * real sign-in and API-key routes, and the two official SDK clients.
 */
export type McpTestServer = Awaited<ReturnType<typeof startMcpTestServer>>;

export async function startMcpTestServer(env: Record<string, string> = {}) {
  const t = await createTestApp(env, { listen: true });
  const baseUrl = t.baseUrl!;
  return {
    ...t,
    baseUrl,
    mcpUrl: `${baseUrl}/mcp`,
    /** A signed-in person with an API key carrying `permissions` (both by default). */
    async person(permissions: ApiKeyPermission[] = ['read:traces', 'write:traces']) {
      return makePerson(t, permissions);
    },
  };
}

export type Person = Awaited<ReturnType<typeof makePerson>>;

async function makePerson(t: TestApp, permissions: ApiKeyPermission[]) {
  const user = await t.signUp();
  const key = await t.apiKey(user, { permissions });
  return {
    ...user,
    apiKey: key.token,
    apiKeyId: key.id,
    bearer: { authorization: `Bearer ${key.token}` },
  };
}

/** The v1 SDK client (@modelcontextprotocol/sdk 1.x): the 2025-era initialize handshake. */
export async function connectV1(url: string, headers: Record<string, string> = {}) {
  const client = new ClientV1({ name: 'cairn-test-v1', version: '1.0.0' });
  await client.connect(new TransportV1(new URL(url), { requestInit: { headers } }));
  return client;
}

/** The v2 client (@modelcontextprotocol/client 2.x) pinned to revision 2026-07-28 (no initialize). */
export async function connectV2(url: string, headers: Record<string, string> = {}) {
  const client = new ClientV2(
    { name: 'cairn-test-v2', version: '2.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(new TransportV2(new URL(url), { requestInit: { headers } }));
  return client;
}

/** The JSON in the single text item of a tool result (ChatGPT's shape). */
export function textJson(result: unknown): Record<string, unknown> {
  const content = (result as { content: { type: string; text: string }[] }).content;
  if (content.length !== 1 || content[0]!.type !== 'text') {
    throw new Error(`expected exactly one text item, got ${JSON.stringify(content)}`);
  }
  return JSON.parse(content[0]!.text) as Record<string, unknown>;
}

/** A raw JSON-RPC POST to /mcp, for what the SDK clients will not send. */
export async function rawPost(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; text: string; json: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // SSE or empty: the caller reads text
  }
  return { status: res.status, headers: res.headers, text, json };
}

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw-test', version: '1.0.0' },
  },
} as const;
