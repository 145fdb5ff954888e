// Real: the built server (embedded database), Debian's Chromium with two separate browsers signed
// in as the same person, a real API key. Faked: nothing.
// Sessions and devices (where you are signed in; sign out one place or all), and API keys that
// can be renamed and given an expiry date.
import type { Browser } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import type { TestUser } from './support/test-user.js';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 19_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/19.0 Mobile/15E148 Safari/604.1';

/** The same person signed in on a phone: another browser, with its own cookie. */
async function phoneSignedIn(browser: Browser, baseURL: string, user: TestUser) {
  const phone = await browser.newContext({ baseURL, userAgent: PHONE_UA });
  const page = await phone.newPage();
  expect((await page.request.post('/api/auth/login', { data: user })).status()).toBe(200);
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return { phone, page };
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width} px: see where you are signed in, sign a device out, then everywhere else`, async ({
    page,
    browser,
    baseURL,
    newUser,
    signIn,
  }) => {
    await page.setViewportSize(viewport);
    const user = await newUser();
    const { phone, page: phonePage } = await phoneSignedIn(browser, baseURL!, user);
    await signIn(user, '/app/settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Sessions' }).click();
    await expect(page).toHaveURL(/\/app\/settings\/sessions$/);
    await expect(page).toHaveTitle('Sessions and devices · Cairn');
    const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
    const iphone = sessions.filter({ hasText: 'Safari on iPhone' });
    await expect(iphone).toContainText(/Last active/);

    await iphone.getByRole('button', { name: 'Sign out of Safari on iPhone' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Sign out of Safari on iPhone?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('Signed out of Safari on iPhone')).toBeVisible();
    await expect(sessions).toHaveCount(1);
    // The phone's session is over: its next page load goes to sign-in.
    await phonePage.reload();
    await expect(phonePage).toHaveURL(/\/login/);

    // Sign in on the phone again, then "everywhere else" ends it and keeps this one.
    const again = await phoneSignedIn(browser, baseURL!, user);
    await page.reload();
    await expect(sessions).toHaveCount(2);
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('Signed out of 1 other session')).toBeVisible();
    await expect(sessions).toHaveCount(1);
    await again.page.reload();
    await expect(again.page).toHaveURL(/\/login/);

    // "Everywhere" includes here.
    await page.getByRole('button', { name: 'Sign out everywhere', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await phone.close();
    await again.phone.close();
  });
}

test('API keys: created with an expiry date, listed with it, renamed and re-dated in place', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  await signIn(user, '/app/settings/api-keys');
  await page.getByLabel('Name').fill('CI runner');
  await page.getByRole('combobox', { name: 'Expires' }).click();
  await page.getByRole('option', { name: '30 days' }).click();
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const panel = page.getByText('Save this key securely. It will not be shown again.');
  await expect(panel).toBeVisible();
  const row = page
    .getByRole('list', { name: 'API keys' })
    .getByRole('listitem')
    .filter({ hasText: 'CI runner' });
  await expect(row).toContainText(/Expires \w+ \d+, \d{4}/);

  // A day already past cannot be chosen.
  await page.getByLabel('Name').fill('Old');
  await page.getByRole('combobox', { name: 'Expires' }).click();
  await page.getByRole('option', { name: 'On a date…' }).click();
  await page.getByLabel('Expiry date').fill('2020-01-01');
  await page.getByRole('button', { name: 'Create API Key' }).click();
  await expect(page.getByText('Choose a day after today')).toBeVisible();

  await row.getByRole('button', { name: 'Edit CI runner' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit API key' });
  await edit.getByLabel('Name').fill('CI runner (nightly)');
  await edit.getByRole('combobox', { name: 'Expires' }).click();
  await page.getByRole('option', { name: 'Never' }).click();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('API key updated')).toBeVisible();
  const renamed = page.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({
    hasText: 'CI runner (nightly)',
  });
  await expect(renamed).toContainText('Never expires');
  await expect(renamed.getByRole('button', { name: 'Edit CI runner (nightly)' })).toBeFocused();

  // The server agrees.
  const login = await request.post('/api/auth/login', { data: user });
  const { access_token } = (await login.json()) as { access_token: string };
  const keys = (await (
    await request.get('/api/api-keys', { headers: { authorization: `Bearer ${access_token}` } })
  ).json()) as { name: string; expires_at: string | null }[];
  expect(keys).toEqual([expect.objectContaining({ name: 'CI runner (nightly)', expires_at: null })]);
});
