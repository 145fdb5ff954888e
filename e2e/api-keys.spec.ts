// Real: the built server (embedded database), Debian's Chromium and its clipboard. Faked: network
// failures in the last test (requests aborted in the browser), to show the failure messages.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, type TestUser, test } from './support/fixtures.js';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const KEY = /^cairn_[0-9A-Za-z]{32}$/;

/** An access token of a fresh session, for calling the key API the way the web app does. */
async function accessToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.post('/api/auth/login', { data: user });
  return ((await res.json()) as { access_token: string }).access_token;
}

function keyList(page: Page) {
  return page.getByRole('list', { name: 'API keys' });
}

test('create a key: shown once with the warning, copied, listed with prefix and permissions', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(await newUser(), '/app/settings/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API Keys' })).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();
  // Both permissions are on by default.
  await expect(page.getByRole('checkbox', { name: /read:traces/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /write:traces/ })).toBeChecked();

  await page.getByLabel('Name').fill('  Claude Code on my laptop  ');
  await page.getByRole('button', { name: 'Create API Key' }).click();
  await expect(page.getByText('API key created successfully!')).toBeVisible();
  const panel = page.getByRole('region', { name: /Your new API key/ });
  await expect(panel.getByText('Save this key securely. It will not be shown again.')).toBeVisible();
  const key = (await panel.locator('code').innerText()).trim();
  expect(key).toMatch(KEY);

  await panel.getByRole('button', { name: 'Copy API key' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // The list: trimmed name, the visible prefix, permissions, created, "Never" used.
  const row = keyList(page).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Claude Code on my laptop', { exact: true })).toBeVisible();
  await expect(row.getByText(`${key.slice(0, 12)}…`, { exact: true })).toBeVisible();
  await expect(row.getByText('read:traces')).toBeVisible();
  await expect(row.getByText('write:traces')).toBeVisible();
  await expect(row.getByText('Never', { exact: true })).toBeVisible();
  await expect(row.getByText('Never expires')).toBeVisible();
  await expect(row.getByText(key)).toHaveCount(0);

  // It stays until dismissed, refreshes included.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: "I've saved this key" }).click();
  await expect(page.getByText('Save this key securely. It will not be shown again.')).toHaveCount(0);
  await expect(page.getByLabel('Name')).toBeFocused();
  await page.reload();
  await expect(keyList(page).getByRole('listitem')).toHaveCount(1);
  expect(await page.content()).not.toContain(key);
});

test('an empty name submits nothing; a read-only key carries only read:traces', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(await newUser(), '/app/settings/api-keys');
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/api-keys')) posts.push(r.url());
  });
  await page.getByLabel('Name').fill('   ');
  await page.getByRole('button', { name: 'Create API Key' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  expect(posts).toEqual([]);

  await page.getByLabel('Name').fill('Read only');
  await page.getByRole('checkbox', { name: /write:traces/ }).uncheck();
  await page.getByRole('checkbox', { name: /read:traces/ }).uncheck();
  await page.getByRole('button', { name: 'Create API Key' }).click();
  await expect(page.getByText('Choose at least one permission')).toBeVisible();
  expect(posts).toEqual([]);

  await page.getByRole('checkbox', { name: /read:traces/ }).check();
  await page.getByRole('button', { name: 'Create API Key' }).click();
  await expect(page.getByRole('region', { name: /Your new API key: Read only/ })).toBeVisible();
  const row = keyList(page).getByRole('listitem');
  await expect(row.getByText('read:traces')).toBeVisible();
  await expect(row.getByText('write:traces')).toHaveCount(0);
  expect(posts).toHaveLength(1);
});

test('revoke: confirmed, gone from the list, and the key gets 401 where it got 403 before', async ({
  page,
  newUser,
  signIn,
  playwright,
  server,
}) => {
  await signIn(await newUser(), '/app/settings/api-keys');
  await page.getByLabel('Name').fill('Doomed');
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const key = (
    await page
      .getByRole('region', { name: /Your new API key/ })
      .locator('code')
      .innerText()
  ).trim();
  await page.getByRole('button', { name: "I've saved this key" }).click();

  // A bare client holding only the key (no browser cookies).
  const bare = await playwright.request.newContext({ baseURL: server.url });
  const asKey = { headers: { authorization: `Bearer ${key}` } };
  // A valid key is recognised, but keys are managed only from a signed-in browser: 403.
  const before = await bare.get('/api/api-keys', asKey);
  expect(before.status()).toBe(403);
  expect((await before.json()).code).toBe('session_required');
  expect((await bare.get('/api/auth/session', asKey)).status()).toBe(200);

  await page.getByRole('button', { name: 'Revoke Doomed' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke API key?' });
  await expect(dialog.getByText(/stops working at once/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(keyList(page).getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: 'Revoke Doomed' }).click();
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('API key revoked successfully')).toBeVisible();
  await expect(page.getByText('No API keys yet')).toBeVisible();

  const after = await bare.get('/api/api-keys', asKey);
  expect(after.status()).toBe(401);
  expect((await bare.get('/api/auth/session', asKey)).status()).toBe(401);
  await bare.dispose();
});

test('the list is always fresh: a key made elsewhere shows on Refresh and on coming back', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  await signIn(user, '/app/settings/api-keys');
  await expect(page.getByText('No API keys yet')).toBeVisible();
  const token = await accessToken(request, user);
  const make = (name: string) =>
    request.post('/api/api-keys', { data: { name }, headers: { authorization: `Bearer ${token}` } });

  expect((await make('From a script')).status()).toBe(201);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(keyList(page).getByText('From a script')).toBeVisible();

  expect((await make('Another one')).status()).toBe(201);
  const sidebar = page.getByRole('complementary', { name: 'Main' });
  await sidebar.getByRole('link', { name: 'Integrations' }).click();
  // Really leave (the page is loaded lazily): a second click during that navigation never
  // unmounts the key list, so there would be no coming back to refetch it.
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await sidebar.getByRole('link', { name: 'API Keys' }).click();
  await expect(keyList(page).getByText('Another one')).toBeVisible();
});

test('failures: the server’s message, "Failed to create API key", "Failed to revoke API key", "Failed to fetch API keys"', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  const token = await accessToken(request, user);
  // The server's own refusal: 50 active keys is the limit (docs/decisions/0009-api-keys.md).
  for (let i = 0; i < 50; i++) {
    const res = await request.post('/api/api-keys', {
      data: { name: `key ${i}` },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(201);
  }
  await signIn(user, '/app/settings/api-keys');
  await page.getByLabel('Name').fill('One too many');
  await page.getByRole('button', { name: 'Create API Key' }).click();
  await expect(
    page.getByText('You can have at most 50 API keys. Revoke one you no longer use to create another.'),
  ).toBeVisible();

  // No answer at all: the page's fallback texts.
  await page.route('**/api/api-keys*', (route) =>
    route.request().method() === 'GET' ? route.continue() : route.abort('connectionfailed'),
  );
  await page.getByRole('button', { name: 'Create API Key' }).click();
  await expect(page.getByText('Failed to create API key')).toBeVisible();
  await page.getByRole('button', { name: 'Revoke key 0', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('Failed to revoke API key')).toBeVisible();

  await page.unroute('**/api/api-keys*');
  await page.route('**/api/api-keys', (route) => route.abort('connectionfailed'));
  await page.reload();
  await expect(page.getByText('Failed to fetch API keys')).toBeVisible();
});
