// Real: the built server (embedded database) and Debian's Chromium. Faked: nothing.
// Each vendor's set-up steps come from one place, dated: the OAuth client card, the one-time
// credentials panel, the Integrations card and the MCP Setup tab say the same thing.
import { expect, test } from './support/fixtures.js';

test('ChatGPT: the client card, the credentials panel and the Integrations card follow the dated MCP Setup steps', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const { user, api } = await userWithTraces();
  await signIn(user, '/app/settings/oauth-clients');

  // The create form: Cairn adds ChatGPT's stable callback itself, so a pasted one is not required.
  await page.getByLabel('Platform').click();
  await page.getByRole('option', { name: 'ChatGPT' }).click();
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Create client' }) });
  await expect(form).toContainText('Cairn adds ChatGPT’s stable callback for you');
  await expect(form).not.toContainText(/required/i);

  await page.getByLabel('Name').fill('My ChatGPT');
  await page.getByRole('button', { name: 'Create client' }).click();
  const panel = page.getByRole('region', { name: 'Credentials for My ChatGPT' });
  for (const where of [panel, page.getByRole('listitem').filter({ hasText: 'My ChatGPT' })]) {
    await expect(where).toContainText(/Settings\W+(then )?Apps/);
    await expect(where).toContainText('Create app');
    await expect(where).not.toContainText('Connectors');
    await expect(where.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
  }

  await page.goto('/app/integrations');
  const card = page.getByRole('article').filter({ hasText: 'ChatGPT MCP Connector' });
  await expect(card).toContainText('Plus, Pro, Business, Enterprise or Education');
  await expect(card).not.toContainText('(Plus or Pro)');

  // A Claude client's steps are Claude's, from the same source as its tab.
  await api.oauthClient({ name: 'My Claude', platform: 'claude', redirect_uris: [] });
  await page.goto('/app/settings/oauth-clients');
  const claudeCard = page.getByRole('listitem').filter({ hasText: 'My Claude' });
  await expect(claudeCard).toContainText(/Settings\W+(then )?Connectors\W+(then )?Add custom connector/);
  await expect(claudeCard.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
});
