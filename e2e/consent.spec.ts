// Real: the built server's OAuth endpoints, dynamic client registration, the consent page in
// Debian's Chromium. The assistant's callback URL is the only thing not served: the browser's
// navigation to it is captured, as an assistant's server would receive it. The last test also
// calls /mcp with the token the page's choice produced.
import { createHash, randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signInWithForm, test } from './support/fixtures.js';
import { apiAs } from './support/trace-api.js';

const CALLBACK = 'http://127.0.0.1:9/callback';

async function registerClient(request: APIRequestContext, baseURL: string) {
  const res = await request.post(`${baseURL}/oauth/register`, {
    data: { client_name: 'Test Assistant', redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { client_id: string };
}

function authorizeUrl(baseURL: string, clientId: string, challenge: string, state: string) {
  const url = new URL('/oauth/authorize', baseURL);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: CALLBACK,
    code_challenge: createHash('sha256').update(challenge).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    scope: 'read:traces write:traces',
    resource: `${baseURL}/mcp`,
  }).toString();
  return url.toString();
}

/** Follows the decision to the assistant's callback and returns the URL the browser was sent to. */
async function callbackAfter(page: Page, click: () => Promise<void>): Promise<URL> {
  const navigation = page.waitForRequest((r) => r.url().startsWith(CALLBACK));
  await page.route(`${CALLBACK}**`, (route) => route.fulfill({ status: 200, body: 'callback reached' }));
  await click();
  const url = new URL((await navigation).url());
  // The request is seen before the page commits to it: a later page.goto would be interrupted.
  await page.waitForURL(`${CALLBACK}**`);
  return url;
}

test('an assistant connects: sign in, consent names the app and its host, approve returns a working code', async ({
  page,
  request,
  baseURL,
  newUser,
}) => {
  const user = await newUser();
  const { client_id } = await registerClient(request, baseURL!);
  const verifier = randomBytes(32).toString('base64url');

  await page.goto(authorizeUrl(baseURL!, client_id, verifier, 'state-123'));
  await expect(page).toHaveURL(/\/login\?next=%2Fconsent/);
  await signInWithForm(page, user);
  await expect(page).toHaveURL(/\/consent\?request=/);
  await expect(
    page.getByRole('heading', { name: 'Allow Test Assistant to use your Cairn memories?' }),
  ).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '127.0.0.1:9' })).toBeVisible();
  await expect(page.getByText('Registered by the app itself')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Read your memories/ })).toBeChecked();

  const callback = await callbackAfter(page, () => page.getByRole('button', { name: 'Approve' }).click());
  expect(callback.searchParams.get('state')).toBe('state-123');
  expect(callback.searchParams.get('iss')).toBe(baseURL);
  const code = callback.searchParams.get('code');
  expect(code).toBeTruthy();

  const token = await request.post(`${baseURL}/oauth/token`, {
    form: {
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: CALLBACK,
      client_id,
      code_verifier: verifier,
      resource: `${baseURL}/mcp`,
    },
  });
  expect(token.status(), await token.text()).toBe(200);
  expect(await token.json()).toMatchObject({ token_type: 'Bearer', scope: 'read:traces write:traces' });
});

test('deny sends the assistant access_denied, and a used request cannot be decided again', async ({
  page,
  request,
  baseURL,
  newUser,
  signIn,
}) => {
  await signIn(await newUser());
  const { client_id } = await registerClient(request, baseURL!);
  await page.goto(authorizeUrl(baseURL!, client_id, randomBytes(32).toString('base64url'), 'state-456'));
  await expect(page).toHaveURL(/\/consent\?request=/);
  const consentUrl = page.url();
  const callback = await callbackAfter(page, () => page.getByRole('button', { name: 'Deny' }).click());
  expect(callback.searchParams.get('error')).toBe('access_denied');
  expect(callback.searchParams.get('state')).toBe('state-456');
  expect(callback.searchParams.get('code')).toBeNull();

  await page.goto(consentUrl);
  await expect(page.getByRole('heading', { name: 'This connection cannot continue' })).toBeVisible();
});

test('approve for one project: "Access to" limits the grant (the page passes axe), and its token sees that project only, as OAuth Clients shows', async ({
  page,
  request,
  baseURL,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  const api = await apiAs(request, user);
  for (const name of ['acme/api', 'acme/web']) {
    const made = await request.post('/api/projects', { data: { name }, headers: api.headers });
    expect(made.status(), await made.text()).toBe(201);
  }
  const [inApi, personal] = await api.create(
    { content: 'The API runs its migrations with knex.', project: 'acme/api' },
    { content: 'I prefer tabs over spaces.' },
  );
  await signIn(user);
  const { client_id } = await registerClient(request, baseURL!);
  const verifier = randomBytes(32).toString('base64url');
  await page.goto(authorizeUrl(baseURL!, client_id, verifier, 'state-789'));
  await expect(page).toHaveURL(/\/consent\?request=/);

  const access = page.getByRole('combobox', { name: 'Access to' });
  await expect(access).toHaveText('All my memories');
  await expect(access).toHaveAccessibleDescription(/All your memories/);
  await access.click();
  await expect(page.getByRole('option')).toHaveText(['All my memories', 'acme/api', 'acme/web']);
  await page.getByRole('option', { name: 'acme/api' }).click();
  await expect(access).toHaveText('acme/api');
  await expect(page.getByText(/^Only memories in project acme\/api/)).toBeVisible();
  await expect(access).toHaveAccessibleDescription(/Only memories in project acme\/api/);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  const callback = await callbackAfter(page, () => page.getByRole('button', { name: 'Approve' }).click());
  const token = await request.post(`${baseURL}/oauth/token`, {
    form: {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code') ?? '',
      redirect_uri: CALLBACK,
      client_id,
      code_verifier: verifier,
      resource: `${baseURL}/mcp`,
    },
  });
  expect(token.status(), await token.text()).toBe(200);
  const { access_token } = (await token.json()) as { access_token: string };

  // Through /mcp the grant reaches its project's memory, and not the personal one.
  const fetchTool = async (id: string) => {
    const res = await request.post(`${baseURL}/mcp`, {
      headers: {
        authorization: `Bearer ${access_token}`,
        accept: 'application/json, text/event-stream',
      },
      data: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'fetch', arguments: { id } } },
    });
    expect(res.status()).toBe(200);
    const body = await res.text();
    const line = body.startsWith('{') ? body : (/^data: (.*)$/m.exec(body)?.[1] ?? '{}');
    return (JSON.parse(line) as { result?: { isError?: boolean } }).result;
  };
  expect((await fetchTool(inApi!.id))?.isError).toBeFalsy();
  expect((await fetchTool(personal!.id))?.isError).toBe(true);

  // The OAuth Clients page says what the connection reaches.
  await page.goto('/app/settings/oauth-clients');
  const card = page.getByRole('listitem').filter({ hasText: 'Test Assistant' });
  await expect(card.getByRole('definition').filter({ hasText: 'Only acme/api' })).toBeVisible();
});
