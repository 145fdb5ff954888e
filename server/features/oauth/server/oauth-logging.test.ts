// Real: the whole app listening on 127.0.0.1 with its real pino logger (level trace) and the real
// redacting log stream, the real OAuth flow. Faked: the log destination is an in-memory collector.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorize,
  authorizeParams,
  createClient,
  type OAuthTestServer,
  pkce,
  RESOURCE,
  signIn,
  startOAuthTestServer,
} from '../testing/oauth-test-kit.js';

const CALLBACK = 'https://claude.ai/api/mcp/auth_callback';

describe('OAuth secrets never reach the logs', () => {
  let t: OAuthTestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startOAuthTestServer({ LOG_LEVEL: 'trace' }, { logStream: { write: (l) => lines.push(l) } });
  });
  afterAll(async () => t?.close());

  it('redacts the request handle, the code, tokens and the client secret wherever a URL carries them', async () => {
    const ann = await signIn(t);
    const client = await createClient(t, ann, { name: 'Logged', platform: 'claude' });
    const { verifier, challenge } = pkce();
    const { requestId } = await authorize(t, authorizeParams(client.client_id, CALLBACK, challenge));
    const handle = requestId!;
    const path = `/api/oauth/requests/${encodeURIComponent(handle)}`;

    // The consent page's own URL, then its API calls: the handle is in the query and in the path.
    await t.http('GET', `/consent?request=${encodeURIComponent(handle)}`, {
      headers: { accept: 'text/html' },
    });
    expect((await t.http('GET', path, { headers: ann.headers })).status).toBe(200);
    const approved = await t.http('POST', `${path}/approve`, { headers: ann.headers, json: {} });
    expect(approved.status).toBe(200);
    const code = new URL(String(approved.body.redirect_to)).searchParams.get('code')!;

    const token = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        code_verifier: verifier,
        client_id: client.client_id,
        client_secret: client.client_secret,
        resource: RESOURCE,
      },
    });
    expect(token.status).toBe(200);
    const access = String(token.body.access_token);
    const refresh = String(token.body.refresh_token);

    // Secrets a careless client puts in a URL, in the query or the path.
    const careless = [
      `/oauth/token?code=${code}&code_verifier=${verifier}&client_secret=${client.client_secret}`,
      `/oauth/revoke?token=${refresh}`,
      `/api/no-such/${access}`,
      `/api/no-such/${refresh}`,
      `/api/no-such/${client.client_secret}`,
      `/api/oauth/requests/${encodeURIComponent(handle)}/nothing-here`,
    ];
    for (const url of careless) await t.http('GET', url);

    const log = lines.join('');
    // The requests were logged (so this test can fail), with each secret redacted.
    expect(log).toContain('"url":"/consent?request=[REDACTED]"');
    expect(log).toContain('"url":"/api/oauth/requests/[REDACTED]/approve"');
    expect(log).toContain('/api/no-such/coat_[REDACTED]');
    for (const secret of [handle, code, verifier, access, refresh, client.client_secret]) {
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
  });

  it('a metadata-document fetch that fails tells the caller nothing of why; the log does', async () => {
    const { challenge } = pkce();
    const bodies: string[] = [];
    for (const host of ['localhost', 'no-such-host.invalid']) {
      const { res } = await authorize(t, authorizeParams(`https://${host}/client.json`, CALLBACK, challenge));
      expect(res.status).toBe(400);
      bodies.push(res.text);
    }
    for (const body of bodies) {
      expect(body).toContain('The client metadata document could not be fetched');
      expect(body).not.toMatch(/non-public|ENOTFOUND|EAI_AGAIN|resolve/i);
    }
    const warning = lines.find((l) => l.includes('client metadata document fetch failed'));
    expect(warning).toContain('"detail":"localhost resolves to a non-public address"');
  });
});
