// Real: the whole app on 127.0.0.1 (fetch over HTTP), the database with the real migrations
// (PGlite, or PostgreSQL under TEST_DATABASE_URL). Faked: nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wwwAuthenticateHeader } from './metadata.js';
import { type OAuthTestServer, startOAuthTestServer } from '../testing/oauth-test-kit.js';

describe('discovery documents', () => {
  let t: OAuthTestServer;
  beforeAll(async () => {
    t = await startOAuthTestServer();
  });
  afterAll(async () => t?.close());

  it('serves RFC 8414 and RFC 9728 metadata', async () => {
    const as = await t.http('GET', '/.well-known/oauth-authorization-server');
    expect(as.status).toBe(200);
    expect(as.headers.get('access-control-allow-origin')).toBe('*');
    expect(as.body).toMatchObject({
      issuer: 'https://cairn.example',
      authorization_endpoint: 'https://cairn.example/oauth/authorize',
      token_endpoint: 'https://cairn.example/oauth/token',
      registration_endpoint: 'https://cairn.example/oauth/register',
      revocation_endpoint: 'https://cairn.example/oauth/revoke',
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic', 'none'],
      scopes_supported: ['read:traces', 'write:traces'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    });
    for (const path of [
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-protected-resource',
    ]) {
      const pr = await t.http('GET', path);
      expect(pr.status).toBe(200);
      expect(pr.body).toEqual({
        resource: 'https://cairn.example/mcp',
        authorization_servers: ['https://cairn.example'],
        scopes_supported: ['read:traces', 'write:traces'],
        bearer_methods_supported: ['header'],
        resource_name: 'Cairn',
      });
    }
    // OpenID Connect discovery is deliberately absent (we issue no ID tokens).
    expect((await t.http('GET', '/.well-known/openid-configuration')).status).toBe(404);
    const preflight = await t.http('OPTIONS', '/oauth/token');
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(wwwAuthenticateHeader('https://cairn.example')).toBe(
      'Bearer resource_metadata="https://cairn.example/.well-known/oauth-protected-resource/mcp"',
    );
  });

  it('with OAUTH_DYNAMIC_REGISTRATION=false, registration answers 404 and is not advertised', async () => {
    const off = await startOAuthTestServer({ OAUTH_DYNAMIC_REGISTRATION: 'false' });
    try {
      const res = await off.http('POST', '/oauth/register', {
        json: { redirect_uris: ['https://a.example/cb'] },
      });
      expect(res.status).toBe(404);
      expect(String(res.body.error_description)).toContain('OAUTH_DYNAMIC_REGISTRATION=false');
      const meta = await off.http('GET', '/.well-known/oauth-authorization-server');
      expect(meta.body).not.toHaveProperty('registration_endpoint');
      expect((await off.http('GET', '/api/oauth/server-info')).body.registration_endpoint).toBeNull();
    } finally {
      await off.close();
    }
  });
});
