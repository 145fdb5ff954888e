// Real: the built server (embedded database) and Debian's Chromium. Faked: nothing.
import { expect, test } from './support/fixtures.js';

test('"someone else may know my password" also revokes every API key', async ({
  page,
  request,
  signIn,
  userWithTraces,
}) => {
  const { user, api } = await userWithTraces();
  const created = await request.post('/api/api-keys', {
    data: { name: 'A script' },
    headers: api.headers,
  });
  expect(created.status()).toBe(201);
  const asKey = { headers: { authorization: `Bearer ${((await created.json()) as { key: string }).key}` } };
  expect((await request.get('/api/traces', asKey)).status()).toBe(200);

  await signIn(user, '/app/settings');
  const revoke = page.getByRole('checkbox', { name: /Someone else may know my password/ });
  await expect(revoke).not.toBeChecked();
  await expect(revoke).toHaveAccessibleDescription(/a routine change keeps them/);
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
  await page.getByLabel('Confirm new password').fill('a brand new secret');
  await revoke.check();
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/every API key and connected assistant was revoked/)).toBeVisible();
  await expect(revoke).not.toBeChecked();
  expect((await request.get('/api/traces', asKey)).status()).toBe(401);
});
