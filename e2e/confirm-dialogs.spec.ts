// Real: the built server (embedded database) and Debian's Chromium. Faked: nothing.
// A question before something that cannot be undone is an alert dialog, and it opens on its
// harmless answer: a stray Enter must never revoke, delete or discard.
import { expect, test } from './support/fixtures.js';

test('revoke, delete, regenerate and discard ask in an alertdialog that starts on the safe button', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const { user, api } = await userWithTraces();
  await api.apiKey('Cursor');
  await api.oauthClient({ name: 'Script', platform: 'generic', redirect_uris: ['https://app.example/cb'] });

  await signIn(user, '/app/settings/api-keys');
  await page.getByRole('button', { name: 'Revoke Cursor' }).click();
  let alert = page.getByRole('alertdialog', { name: 'Revoke API key?' });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveAccessibleDescription(/stops working at once/);
  await expect(alert.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(alert).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Revoke Cursor' })).toBeVisible();

  await page.goto('/app/settings/oauth-clients');
  await page.getByRole('button', { name: 'Delete Script' }).click();
  alert = page.getByRole('alertdialog', { name: 'Delete OAuth client' });
  await expect(alert.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Regenerate secret' }).click();
  alert = page.getByRole('alertdialog', { name: 'Regenerate client secret' });
  await expect(alert.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');

  await page.goto('/app/traces?create=true');
  await page.getByRole('dialog', { name: 'Create New Trace' }).getByLabel('Content').fill('Half a thought');
  await page.keyboard.press('Escape');
  alert = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await expect(alert.getByRole('button', { name: 'Keep editing' })).toBeFocused();
});
