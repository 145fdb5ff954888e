#!/usr/bin/env node
// The official conformance suite's authorization-server checks (`conformance authorization`,
// pinned to the 0.2 alpha that has them) against a real built Cairn's OAuth 2.1 server:
// `node scripts/oauth-conformance.mjs` (OC_OUT=<dir> keeps the suite's checks.json files).
//
// Every authorization-server scenario (metadata, then the code grant, which reads the metadata
// the first found) for a public client registered dynamically (RFC 7591, PKCE only). Not for a
// confidential client: this suite version authenticates with `none` whenever the server's
// metadata lists it (Cairn's does, for public clients), so it would send no secret, and Cairn
// rightly answers 401 invalid_client. Secret authentication (post and basic) is covered by
// server/features/oauth tests instead. The suite prints an authorization URL and waits for
// a browser to come back to its callback; this script is that browser and the person in it: it
// follows the URL with the owner signed in, approves on the consent API (as the /consent page
// does) and delivers the redirect to the suite's callback. Everything else is the suite's.
import { api, freePort, log, runSuite, withFreshCairn } from './conformance/cairn-under-test.mjs';

const SUITE = '@modelcontextprotocol/conformance@0.2.0-alpha.12';
const NAME = 'oauth-conformance';

/** Watches the suite's output for the authorization URL and completes the browser's part once. */
function playBrowser(base, ownerToken, failures) {
  let buffer = '';
  let done = false;
  return (chunk) => {
    buffer += chunk;
    const found = buffer.match(new RegExp(`${base}/oauth/authorize\\?\\S+`));
    if (!found || done) return;
    done = true;
    approve(base, ownerToken, found[0]).catch((err) => {
      failures.push(err);
      log(NAME, `could not play the browser: ${err instanceof Error ? err.message : err}`);
    });
  };
}

async function approve(base, ownerToken, authorizeUrl) {
  const res = await fetch(authorizeUrl, { redirect: 'manual', headers: { accept: 'text/html' } });
  const consent = new URL(res.headers.get('location') ?? '', base);
  if (res.status !== 302 || consent.pathname !== '/consent') {
    throw new Error(`authorize answered ${res.status} → ${consent.href}, not the consent page`);
  }
  const request = consent.searchParams.get('request');
  const { redirect_to } = await api(base, 'POST', `/api/oauth/requests/${request}/approve`, {}, ownerToken);
  // The suite's callback server takes it from here (code, state, iss).
  await fetch(redirect_to);
}

async function allScenarios(base, ownerToken, client) {
  const failures = [];
  const args = ['authorization', '--url', base, ...(process.env.OC_OUT ? ['-o', process.env.OC_OUT] : [])];
  args.push('--client-id', client.client_id, '--resource', `${base}/mcp`, '--port', String(client.port));
  const code = await runSuite(SUITE, args, {
    onStdout: playBrowser(base, ownerToken, failures),
  });
  return failures.length > 0 ? 1 : code;
}

withFreshCairn(NAME, async ({ base, ownerToken }) => {
  const publicPort = await freePort();
  const registered = await api(base, 'POST', '/oauth/register', {
    client_name: 'Conformance (public)',
    redirect_uris: [`http://127.0.0.1:${publicPort}/callback`],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  });
  log(NAME, 'public client (dynamic registration, PKCE)');
  return allScenarios(base, ownerToken, { ...registered, port: publicPort });
}).then(
  (code) => process.exit(code),
  (err) => {
    log(NAME, err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
