// Real: the official MCP TypeScript SDK's OAuth client (@modelcontextprotocol/sdk auth(): the
// discovery, registration, PKCE and token code that MCP clients run) against the whole app on
// 127.0.0.1 with PUBLIC_URL set to that address, on the real database. The browser is played by
// the test: it follows the authorization URL and approves on the consent API with a session.
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  type OAuthTestServer,
  type Person,
  signIn,
  startOAuthTestServer,
} from '../testing/oauth-test-kit.js';
import { MemoryOAuthProvider } from '../testing/memory-oauth-provider.js';

describe('interoperability with the MCP SDK OAuth client', () => {
  let t: OAuthTestServer;
  let ann: Person;
  let mcpUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    t = await startOAuthTestServer({ PUBLIC_URL: `http://127.0.0.1:${port}` }, { port });
    mcpUrl = `${t.baseUrl}/mcp`;
    ann = await signIn(t);
  });
  afterAll(async () => t?.close());

  /** The browser's part: authorization URL → consent page → approve → the client's callback. */
  async function playBrowser(provider: MemoryOAuthProvider): Promise<URL> {
    const url = provider.authorizationUrl!;
    const res = await fetch(url, { redirect: 'manual', headers: { accept: 'text/html' } });
    const consent = res.headers.get('location') ?? '';
    expect(res.status, await res.text()).toBe(302);
    const requestId = new URL(consent, t.baseUrl).searchParams.get('request')!;
    const approved = await t.http('POST', `/api/oauth/requests/${requestId}/approve`, {
      headers: ann.headers,
    });
    return new URL(String(approved.body.redirect_to));
  }

  async function connect(provider: MemoryOAuthProvider) {
    expect(await auth(provider, { serverUrl: mcpUrl })).toBe('REDIRECT');
    const sent = provider.authorizationUrl!;
    expect(sent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(sent.searchParams.get('resource')).toBe(mcpUrl);
    const callback = await playBrowser(provider);
    expect(callback.searchParams.get('iss')).toBe(t.baseUrl);
    const code = callback.searchParams.get('code')!;
    expect(await auth(provider, { serverUrl: mcpUrl, authorizationCode: code })).toBe('AUTHORIZED');
    const who = await t.http('GET', '/test/whoami', {
      headers: { authorization: `Bearer ${provider.saved!.access_token}` },
    });
    expect(who.body).toMatchObject({ userId: ann.userId, via: 'oauth' });
    return who.body;
  }

  it('discovers, registers dynamically, authorizes with PKCE, exchanges and refreshes', async () => {
    const provider = new MemoryOAuthProvider('http://127.0.0.1:7777/callback');
    await connect(provider);
    expect(provider.info?.client_id).toMatch(/^coc_/);
    const before = provider.saved!;
    // With a refresh token in hand, auth() refreshes instead of starting over.
    expect(await auth(provider, { serverUrl: mcpUrl })).toBe('AUTHORIZED');
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
    const who = await t.http('GET', '/test/whoami', {
      headers: { authorization: `Bearer ${provider.saved!.access_token}` },
    });
    expect(who.status).toBe(200);
  });

  it('uses a metadata-document client id when the server advertises it (Claude Code)', async () => {
    const provider = new MemoryOAuthProvider(
      'http://localhost:53682/callback',
      'https://claude.ai/oauth/claude-code-client-metadata',
    );
    const who = await connect(provider);
    expect(who).toMatchObject({ clientId: 'https://claude.ai/oauth/claude-code-client-metadata' });
  });
});
