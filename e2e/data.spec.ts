// Real: the built server (embedded database) and Debian's Chromium; the export is a real download
// and the import a real file chosen in the page. Faked: nothing.
import { readFile } from 'node:fs/promises';
import { expect, signInWithForm, test } from './support/fixtures.js';

test('export downloads every trace; importing previews, runs with a progress bar, and reports', async ({
  page,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  await signIn(user, '/app/settings/data');
  const token = (await (await page.request.post('/api/auth/login', { data: user })).json())
    .access_token as string;
  for (const content of ['Prefers tea to coffee.', 'Works on the Atlas project.']) {
    const res = await page.request.post('/api/traces', {
      data: { content },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(201);
  }

  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  // The server's own backups, in one line (ADR 0031): none yet, or one taken a minute after start.
  await expect(page.getByTestId('backup-status')).toHaveText(/^(No backup yet|Last backup .+)\. Every 24 h/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^cairn-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await file.path())!, 'utf8'));
  expect(exported.traces.map((t: { content: string }) => t.content).sort()).toEqual([
    'Prefers tea to coffee.',
    'Works on the Atlas project.',
  ]);

  await page.getByRole('radio', { name: 'Markdown (.zip)' }).click();
  const zipDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export my data' }).click();
  expect((await zipDownload).suggestedFilename()).toMatch(/^cairn-export-\d{4}-\d{2}-\d{2}\.zip$/);

  const upload = {
    ...exported,
    traces: [...exported.traces, { content: 'Birthday is on 3 March.' }, { title: 'No content here' }],
  };
  await page.getByLabel('Choose a file to import').setInputFiles({
    name: 'backup.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(upload)),
  });
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByText('backup.json · Cairn export')).toBeVisible();
  await expect(
    preview.getByText('4 memories: 1 new, 2 already saved, 0 similar to saved ones, 1 invalid.'),
  ).toBeVisible();
  await expect(preview.getByText('item 4: has no memory, text or content')).toBeVisible();
  await page.screenshot({ path: 'screenshots/import-preview.png', fullPage: true });
  await preview.getByRole('button', { name: 'Import 1 memory' }).click();
  const progress = page.getByRole('region', { name: 'Import progress' });
  await expect(
    progress.getByText('Done. 1 imported, 2 already saved, 1 could not be imported.'),
  ).toBeVisible();
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await page.screenshot({ path: 'screenshots/import-progress.png', fullPage: true });

  await page
    .getByLabel('Or paste memories, one per line')
    .fill('- Has a cat named Miso\n- Prefers tea to coffee.');
  await page.getByRole('button', { name: 'Preview pasted memories' }).click();
  await expect(
    page.getByText('2 memories: 1 new, 1 already saved, 0 similar to saved ones, 0 invalid.'),
  ).toBeVisible();
});

test('deleting the account needs the password, then erases it for good', async ({
  page,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  await signIn(user, '/app/settings/data');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete everything' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();

  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete everything' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account and all its data were deleted')).toBeVisible();
  await signInWithForm(page, user);
  // Said under the Password field and in a toast (auth.spec): either will do.
  await expect(page.getByText('Invalid login credentials').first()).toBeVisible();
});
