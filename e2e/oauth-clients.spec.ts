// Real: the built server's OAuth client management, Debian's Chromium and its clipboard. Faked: nothing.
import { expect, test } from './support/fixtures.js';

test('create a client, copy its credentials once, regenerate the secret, delete after a confirmation', async ({
  page,
  context,
  newUser,
  signIn,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(await newUser(), '/app/settings/oauth-clients');
  await expect(page.getByRole('heading', { name: 'OAuth Clients', level: 1 })).toBeVisible();
  await expect(page.getByText('No OAuth clients yet.', { exact: false })).toBeVisible();

  // Claude: Cairn fills in Claude's callbacks itself, so there is no URI field.
  await expect(page.getByText('https://claude.ai/api/mcp/auth_callback')).toBeVisible();
  await expect(page.getByLabel('Redirect URIs')).toHaveCount(0);
  // ChatGPT: the field appears, optional, since Cairn adds ChatGPT's stable callback itself.
  await page.getByLabel('Platform').click();
  await page.getByRole('option', { name: 'ChatGPT' }).click();
  await expect(page.getByText('Optional, one per line', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();

  await page.getByLabel('Name').fill('My ChatGPT');
  await page.getByLabel('Redirect URIs').fill('  https://chatgpt.com/connector/oauth/abc123  \n\n');
  await page.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByText('OAuth client created successfully')).toBeVisible();

  const panel = page.getByRole('region', { name: 'Credentials for My ChatGPT' });
  await expect(
    panel.getByText('Save this client secret securely. It will not be shown again.'),
  ).toBeVisible();
  const secret = (await panel.locator('dd code').nth(2).textContent())!;
  expect(secret).toMatch(/^cocs_/);
  await panel.getByRole('button', { name: 'Copy Client secret' }).click();
  await expect(page.getByText('Client secret copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expect(panel.getByText(`${baseURL}/mcp`)).toBeVisible();
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  const card = page.getByRole('listitem').filter({ hasText: 'My ChatGPT' });
  await expect(card.getByText('https://chatgpt.com/connector/oauth/abc123')).toBeVisible();
  await expect(card.getByText('Never')).toBeVisible();
  const clientId = (await card.locator('dd code').nth(1).textContent())!;
  await card.getByRole('button', { name: 'Copy Client ID' }).click();
  await expect(page.getByText('Client ID copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(clientId);

  // Regenerating breaks the assistant using the old secret: it asks first, like delete.
  const regenerateButton = card.getByRole('button', { name: 'Regenerate secret' });
  await regenerateButton.click();
  const confirm = page.getByRole('alertdialog', { name: 'Regenerate client secret' });
  await expect(confirm).toContainText('The current secret stops working at once.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  // Focus returns to the control that opened the dialog.
  await expect(regenerateButton).toBeFocused();
  await expect(page.getByRole('region', { name: 'Credentials for My ChatGPT' })).toHaveCount(0);
  await regenerateButton.click();
  await confirm.getByRole('button', { name: 'Regenerate secret' }).click();
  await expect(page.getByText('Client secret regenerated')).toBeVisible();
  const fresh = (await page
    .getByRole('region', { name: 'Credentials for My ChatGPT' })
    .locator('dd code')
    .nth(2)
    .textContent())!;
  expect(fresh).toMatch(/^cocs_/);
  expect(fresh).not.toBe(secret);
  await page.getByRole('button', { name: 'Done' }).click();

  await card.getByRole('button', { name: 'Delete My ChatGPT' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete OAuth client' });
  await expect(
    dialog.getByText(
      'Are you sure you want to delete "My ChatGPT"? This action cannot be undone and will revoke all associated tokens.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('OAuth client deleted')).toBeVisible();
  await expect(page.getByText('No OAuth clients yet.', { exact: false })).toBeVisible();
});

test('edit a client: rename it and change its redirect URIs; a bad URI shows under the box; id and secret stay', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  await signIn(user, '/app/settings/oauth-clients');
  await page.getByLabel('Name').fill('Script');
  await page.getByLabel('Platform').click();
  await page.getByRole('option', { name: 'Other app' }).click();
  await page.getByLabel('Redirect URIs').fill('https://old.example/cb');
  await page.getByRole('button', { name: 'Create client' }).click();
  const panel = page.getByRole('region', { name: 'Credentials for Script' });
  const secret = (await panel.locator('dd code').nth(2).textContent())!;
  await panel.getByRole('button', { name: 'Done' }).click();
  const card = page.getByRole('listitem').filter({ hasText: 'https://old.example/cb' });
  const clientId = (await card.locator('dd code').nth(1).textContent())!;

  const editButton = card.getByRole('button', { name: 'Edit Script' });
  await editButton.click();
  const dialog = page.getByRole('dialog', { name: 'Edit OAuth client' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Script');
  await expect(dialog.getByLabel('Redirect URIs')).toHaveValue('https://old.example/cb');
  await dialog.getByLabel('Name').fill('Nightly script');
  await dialog.getByLabel('Redirect URIs').fill('https://new.example/cb\nhttp://example.com/cb');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  // The server's refusal names the URI, under the field it was typed in; nothing is saved.
  await expect(dialog.getByRole('alert')).toContainText('must use https');
  await expect(dialog.getByRole('alert')).toContainText('http://example.com/cb');
  await dialog.getByLabel('Redirect URIs').fill('https://new.example/cb\n\n');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('OAuth client updated')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const edited = page.getByRole('listitem').filter({ hasText: 'Nightly script' });
  await expect(edited.getByText('https://new.example/cb')).toBeVisible();
  await expect(edited.getByText('https://old.example/cb')).toHaveCount(0);
  await expect(edited.locator('dd code').nth(1)).toHaveText(clientId);
  // Focus returns to the control that opened the dialog.
  await expect(edited.getByRole('button', { name: 'Edit Nightly script' })).toBeFocused();

  // The secret from create still works: the token endpoint accepts it (client credentials are
  // checked before the code, so a bad code with a good secret is invalid_grant, not invalid_client).
  const token = await request.post('/oauth/token', {
    form: {
      grant_type: 'authorization_code',
      code: 'not-a-code',
      redirect_uri: 'https://new.example/cb',
      code_verifier: 'x'.repeat(43),
      client_id: clientId,
      client_secret: secret,
    },
  });
  expect((await token.json()).error).toBe('invalid_grant');
  const wrong = await request.post('/oauth/token', {
    form: {
      grant_type: 'authorization_code',
      code: 'not-a-code',
      redirect_uri: 'https://new.example/cb',
      code_verifier: 'x'.repeat(43),
      client_id: clientId,
      client_secret: `${secret}x`,
    },
  });
  expect((await wrong.json()).error).toBe('invalid_client');
});

test('the edit dialog asks before Escape or an overlay click drops typed changes', async ({
  page,
  request,
  signIn,
  userWithTraces,
}) => {
  const { user, api } = await userWithTraces();
  await api.oauthClient({ name: 'Script', platform: 'generic', redirect_uris: ['https://old.example/cb'] });
  await signIn(user, '/app/settings/oauth-clients');
  const edit = page.getByRole('button', { name: 'Edit Script' });
  const dialog = page.getByRole('dialog', { name: 'Edit OAuth client' });
  const confirm = page.getByRole('alertdialog', { name: 'Discard your changes?' });

  // Nothing typed: Escape closes at once.
  await edit.click();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await edit.click();
  await dialog.getByLabel('Name').fill('Nightly script');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Name')).toHaveValue('Nightly script');

  await page.mouse.click(5, 5);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(edit).toBeFocused();
  // Nothing was saved.
  const list = await request.get('/api/oauth-clients', { headers: api.headers });
  expect(((await list.json()) as { name: string }[]).map((c) => c.name)).toEqual(['Script']);
});

test('after a delete, focus lands on the list instead of falling to the page', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const { user, api } = await userWithTraces();
  for (const name of ['First', 'Second']) {
    await api.oauthClient({ name, platform: 'generic', redirect_uris: ['https://app.example/cb'] });
  }
  await signIn(user, '/app/settings/oauth-clients');
  await page.getByRole('button', { name: 'Delete First' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('OAuth client deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your OAuth clients' })).toBeFocused();
  await expect(page.locator('body')).not.toBeFocused();
});
