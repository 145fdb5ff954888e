// Real: the whole app on 127.0.0.1 (fetch over HTTP), the database with the real migrations
// (PGlite, or PostgreSQL under TEST_DATABASE_URL). Faked: nothing. Expiry is simulated by
// backdating rows with SQL, never by waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLAUDE_CALLBACK,
  createClient,
  type OAuthClientCreated,
  type OAuthErrorSuite,
  type OAuthTestServer,
  obtainCode,
  type Person,
  pkce,
  RESOURCE,
  signIn,
  startOAuthErrorSuite,
} from '../testing/oauth-test-kit.js';
import { OAUTH_TTL } from './oauth.constants.js';

const CB = CLAUDE_CALLBACK;

describe('OAuth errors: token endpoint, refresh, revocation, client changes', () => {
  let t: OAuthTestServer;
  let ann: Person;
  let client: OAuthClientCreated;
  let exchange: OAuthErrorSuite['exchange'];
  let whoami: OAuthErrorSuite['whoami'];
  beforeAll(async () => {
    ({ t, ann, client, exchange, whoami } = await startOAuthErrorSuite());
  });
  afterAll(async () => t?.close());

  it('the token request: wrong resource, wrong redirect_uri, other client', async () => {
    const a = await obtainCode(t, ann, client.client_id, CB);
    const wrongResource = await exchange(a.code, a.verifier, { resource: 'https://evil.example/mcp' });
    expect(wrongResource.body.error).toBe('invalid_target');
    expect((await exchange(a.code, a.verifier, { resource: RESOURCE })).status).toBe(200);

    const b = await obtainCode(t, ann, client.client_id, CB);
    const wrongRedirect = await exchange(b.code, b.verifier, {
      redirect_uri: 'https://claude.com/api/mcp/auth_callback',
    });
    expect(wrongRedirect.status).toBe(400);
    expect(wrongRedirect.body.error).toBe('invalid_request');

    const other = await createClient(t, ann, { name: 'Other', platform: 'claude' });
    const c = await obtainCode(t, ann, client.client_id, CB);
    const stolen = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code: c.code,
        redirect_uri: CB,
        code_verifier: c.verifier,
        client_id: other.client_id,
        client_secret: other.client_secret,
      },
    });
    expect(stolen.body.error).toBe('invalid_grant');
  });

  it('deleting a client revokes its tokens at once; its code no longer works', async () => {
    const doomed = await createClient(t, ann, { name: 'Doomed', platform: 'claude' });
    const grant = await obtainCode(t, ann, doomed.client_id, CB);
    const token = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code: grant.code,
        redirect_uri: CB,
        code_verifier: grant.verifier,
        client_id: doomed.client_id,
        client_secret: doomed.client_secret,
      },
    });
    const pending = await obtainCode(t, ann, doomed.client_id, CB);
    expect((await whoami(token.body.access_token)).status).toBe(200);
    const del = await t.http('DELETE', `/api/oauth-clients/${doomed.id}`, { headers: ann.headers });
    expect(del.status).toBe(204);
    expect((await whoami(token.body.access_token)).status).toBe(401);
    const late = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code: pending.code,
        redirect_uri: CB,
        code_verifier: pending.verifier,
        client_id: doomed.client_id,
        client_secret: doomed.client_secret,
      },
    });
    expect(late.status).toBe(401);
    expect(late.body.error).toBe('invalid_client');
  });

  it('after regenerating the secret, the old one is rejected at the token endpoint', async () => {
    const c = await createClient(t, ann, { name: 'Rotating', platform: 'claude' });
    const regen = await t.http('PUT', `/api/oauth-clients/${c.id}/regenerate`, { headers: ann.headers });
    expect(regen.status).toBe(200);
    const fresh = String(regen.body.client_secret);
    expect(fresh).not.toBe(c.client_secret);
    const grant = await obtainCode(t, ann, c.client_id, CB);
    const form = {
      grant_type: 'authorization_code',
      code: grant.code,
      redirect_uri: CB,
      code_verifier: grant.verifier,
    };
    const old = await t.http('POST', '/oauth/token', {
      form: { ...form, client_id: c.client_id, client_secret: c.client_secret },
    });
    expect(old.status).toBe(401);
    expect(old.body.error).toBe('invalid_client');
    const ok = await t.http('POST', '/oauth/token', {
      form: { ...form, client_id: c.client_id, client_secret: fresh },
    });
    expect(ok.status).toBe(200);
  });

  it('refresh token reuse revokes the whole family', async () => {
    const { code, verifier } = await obtainCode(t, ann, client.client_id, CB);
    const first = await exchange(code, verifier);
    const refresh = (token: unknown) =>
      t.http('POST', '/oauth/token', {
        form: {
          grant_type: 'refresh_token',
          refresh_token: String(token),
          client_id: client.client_id,
          client_secret: client.client_secret,
        },
      });
    const second = await refresh(first.body.refresh_token);
    expect(second.status).toBe(200);
    expect((await whoami(second.body.access_token)).status).toBe(200);
    // Past the grace for parallel refreshes (below), a replay is reuse.
    await t.db.asSystem((tx) =>
      tx.query(
        `UPDATE oauth_tokens SET rotated_at = now() - make_interval(secs => $1) WHERE rotated_at IS NOT NULL`,
        [OAUTH_TTL.refreshReuseGraceMs / 1000 + 1],
      ),
    );
    const reuse = await refresh(first.body.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    expect((await whoami(second.body.access_token)).status).toBe(401);
    expect((await refresh(second.body.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('parallel refreshes with one token by its client all succeed, and the grant lives', async () => {
    const { code, verifier } = await obtainCode(t, ann, client.client_id, CB);
    const first = await exchange(code, verifier);
    const refresh = (token: unknown, c: OAuthClientCreated = client) =>
      t.http('POST', '/oauth/token', {
        form: {
          grant_type: 'refresh_token',
          refresh_token: String(token),
          client_id: c.client_id,
          client_secret: c.client_secret,
        },
      });
    const answers = await Promise.all(Array.from({ length: 4 }, () => refresh(first.body.refresh_token)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    for (const a of answers) expect((await whoami(a.body.access_token)).status).toBe(200);
    // A moment later, the same replay by its client still works; another client's does not.
    expect((await refresh(first.body.refresh_token)).status).toBe(200);
    const other = await createClient(t, ann, { name: 'Other refresher', platform: 'claude' });
    expect((await refresh(first.body.refresh_token, other)).body.error).toBe('invalid_grant');
    expect((await refresh(answers[0]!.body.refresh_token)).status).toBe(200);
  });

  it('a password change with revoke_integrations ends the grant and spends a code not exchanged yet', async () => {
    const dee = await signIn(t);
    const own = await createClient(t, dee, { name: 'Dee', platform: 'claude' });
    const form = (code: string, verifier: string) => ({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CB,
      code_verifier: verifier,
      client_id: own.client_id,
      client_secret: own.client_secret,
    });
    const first = await obtainCode(t, dee, own.client_id, CB);
    const granted = await t.http('POST', '/oauth/token', { form: form(first.code, first.verifier) });
    expect((await whoami(granted.body.access_token)).status).toBe(200);
    const pending = await obtainCode(t, dee, own.client_id, CB);

    const changed = await t.http('POST', '/api/auth/password', {
      headers: dee.headers,
      json: {
        current_password: dee.password,
        new_password: 'someone may have it',
        revoke_integrations: true,
      },
    });
    expect(changed.status).toBe(204);
    expect((await whoami(granted.body.access_token)).status).toBe(401);
    const refresh = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'refresh_token',
        refresh_token: String(granted.body.refresh_token),
        client_id: own.client_id,
        client_secret: own.client_secret,
      },
    });
    expect(refresh.body.error).toBe('invalid_grant');
    const late = await t.http('POST', '/oauth/token', { form: form(pending.code, pending.verifier) });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe('invalid_grant');
    // The client itself stays registered: connecting again asks for consent again.
    const again = await obtainCode(t, dee, own.client_id, CB);
    expect((await t.http('POST', '/oauth/token', { form: form(again.code, again.verifier) })).status).toBe(
      200,
    );
  });

  it('bad token requests get RFC error JSON, never a 500', async () => {
    const cases: {
      form?: Record<string, string> | string;
      json?: unknown;
      type?: string;
      error: string;
      status?: number;
    }[] = [
      {
        form: { grant_type: 'password', username: 'a', password: 'b', client_id: client.client_id },
        error: 'unsupported_grant_type',
      },
      { form: { grant_type: 'client_credentials' }, error: 'unsupported_grant_type' },
      { form: {}, error: 'invalid_request' },
      { form: 'grant_type=authorization_code&grant_type=refresh_token', error: 'invalid_request' },
      { form: '%%%=%E0%A4%A', error: 'invalid_request' },
      {
        form: {
          grant_type: 'authorization_code',
          client_id: client.client_id,
          client_secret: client.client_secret,
        },
        error: 'invalid_request',
      },
      {
        form: {
          grant_type: 'authorization_code',
          code: 'coac_nope',
          code_verifier: pkce().verifier,
          client_id: client.client_id,
          client_secret: client.client_secret,
        },
        error: 'invalid_grant',
      },
      {
        form: {
          grant_type: 'refresh_token',
          refresh_token: 'cort_nope',
          client_id: client.client_id,
          client_secret: client.client_secret,
        },
        error: 'invalid_grant',
      },
      {
        form: {
          grant_type: 'refresh_token',
          refresh_token: 'x',
          client_id: 'coc_unknown',
          client_secret: 's',
        },
        error: 'invalid_client',
        status: 401,
      },
      { json: { grant_type: 'authorization_code' }, error: 'invalid_request' },
      { form: 'grant_type=authorization_code', type: 'text/plain', error: 'invalid_request' },
      { form: `grant_type=${'a'.repeat(70_000)}`, error: 'invalid_request', status: 413 },
    ];
    for (const c of cases) {
      const res = await t.http('POST', '/oauth/token', {
        ...(c.json !== undefined ? { json: c.json } : { form: c.form! }),
        ...(c.type ? { headers: { 'content-type': c.type } } : {}),
      });
      expect(res.status, JSON.stringify(c).slice(0, 120)).toBe(c.status ?? 400);
      expect(res.body.error, JSON.stringify(c).slice(0, 120)).toBe(c.error);
      expect(typeof res.body.error_description).toBe('string');
    }
    const malformedJson = await t.http('POST', '/oauth/register', {
      headers: { 'content-type': 'application/json' },
      form: '{"redirect_uris": [',
    });
    expect(malformedJson.status).toBe(400);
    expect(malformedJson.body.error).toBe('invalid_request');
  });

  it('a client registered without the refresh_token grant is unauthorized_client for it', async () => {
    const reg = await t.http('POST', '/oauth/register', {
      json: { redirect_uris: [CB], token_endpoint_auth_method: 'none', grant_types: ['authorization_code'] },
    });
    expect(reg.body.grant_types).toEqual(['authorization_code']);
    const clientId = String(reg.body.client_id);
    const { code, verifier } = await obtainCode(t, ann, clientId, CB);
    const token = await t.http('POST', '/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CB,
        code_verifier: verifier,
        client_id: clientId,
      },
    });
    expect(token.status).toBe(200);
    expect(token.body.refresh_token).toBeUndefined();
    const refresh = await t.http('POST', '/oauth/token', {
      form: { grant_type: 'refresh_token', refresh_token: 'cort_x', client_id: clientId },
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body.error).toBe('unauthorized_client');
  });

  it('revocation answers 200 for unknown tokens and requires client authentication', async () => {
    const unknown = await t.http('POST', '/oauth/revoke', {
      form: { token: 'coat_unknown', client_id: client.client_id, client_secret: client.client_secret },
    });
    expect(unknown.status).toBe(200);
    const noClient = await t.http('POST', '/oauth/revoke', { form: { token: 'coat_unknown' } });
    expect(noClient.status).toBe(401);
    expect(noClient.body.error).toBe('invalid_client');
    // Another client cannot revoke Ann's token.
    const other = await createClient(t, ann, { name: 'Other2', platform: 'claude' });
    const { code, verifier } = await obtainCode(t, ann, client.client_id, CB);
    const token = await exchange(code, verifier);
    const foreign = await t.http('POST', '/oauth/revoke', {
      form: {
        token: String(token.body.access_token),
        client_id: other.client_id,
        client_secret: other.client_secret,
      },
    });
    expect(foreign.status).toBe(200);
    expect((await whoami(token.body.access_token)).status).toBe(200);
  });
});
