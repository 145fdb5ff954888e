// Real: the built server (embedded database) and Debian's Chromium. Faked: nothing.
// Tags managed as a vocabulary: counts, rename (a taken name offers a merge), merge, delete; and
// the list filtered by several tags and by importance.
import { expect, test } from './support/fixtures.js';
import { cards } from './support/traces-page.js';

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width} px: the Tags page renames, merges and deletes across every trace`, async ({
    page,
    signIn,
    userWithTraces,
  }) => {
    await page.setViewportSize(viewport);
    const { user, api } = await userWithTraces(
      { title: 'School run', content: 'School at 8.', category: 'personal', tags: ['kids', 'school'] },
      { title: 'Swimming', content: 'Tuesdays at 5.', category: 'personal', tags: ['kid', 'sport'] },
      { title: 'Reading', content: 'A chapter at bedtime.', category: 'personal', tags: ['children'] },
    );
    await signIn(user, '/app/traces');
    await page.getByRole('link', { name: 'Tags' }).first().click();
    await expect(page).toHaveURL(/\/app\/tags$/);
    await expect(page).toHaveTitle('Tags · Cairn');
    const list = page.getByRole('list', { name: 'Tags' });
    await expect(list.getByRole('listitem')).toHaveCount(5);
    await expect(list.getByRole('listitem').filter({ hasText: '#kids' })).toContainText('1 trace');

    // Rename onto a taken name: said under the field, with a merge offered instead.
    await page.getByRole('button', { name: 'Rename #kid', exact: true }).click();
    const rename = page.getByRole('dialog', { name: 'Rename #kid', exact: true });
    await rename.getByLabel('New name').fill('kids');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(rename.getByRole('alert')).toContainText('There is already a tag "kids"');
    await rename.getByRole('button', { name: 'Merge #kid into #kids instead' }).click();
    const merge = page.getByRole('dialog', { name: 'Merge 2 tags' });
    await expect(merge.getByLabel('Merge into')).toHaveValue('kids');
    await merge.getByRole('button', { name: 'Merge' }).click();
    await expect(page.getByText('Merged into #kids on 1 trace')).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: '#kids' })).toContainText('2 traces');

    // Tick two and merge them into a new name.
    await page.getByRole('checkbox', { name: 'Select #kids to merge' }).check();
    await page.getByRole('checkbox', { name: 'Select #children to merge' }).check();
    await page.getByRole('button', { name: 'Merge 2 tags' }).click();
    await page.getByRole('dialog', { name: 'Merge 2 tags' }).getByLabel('Merge into').fill('family');
    await page.getByRole('dialog', { name: 'Merge 2 tags' }).getByRole('button', { name: 'Merge' }).click();
    await expect(page.getByText('Merged into #family on 3 traces')).toBeVisible();

    // Delete asks first, in an alert dialog; the traces stay.
    await page.getByRole('button', { name: 'Delete #sport' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete #sport?' });
    await expect(confirm).toContainText('It comes off 1 trace; the traces stay.');
    await confirm.getByRole('button', { name: 'Delete tag' }).click();
    await expect(page.getByText('#sport removed from 1 trace')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveText([/#family\s*3 traces/, /#school\s*1 trace/]);
    expect((await api.list()).totalCount).toBe(3);
    expect((await api.list('?tags=family')).totalCount).toBe(3);

    // A tag opens the list filtered by it.
    await list.getByRole('link', { name: '#school' }).click();
    await expect(page).toHaveURL(/\/app\/traces\?tags=school$/);
    await expect(cards(page)).toHaveCount(1);
  });
}

test('the list filters by several tags at once and by importance; each filter comes off alone', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const { user } = await userWithTraces(
    {
      title: 'Passport',
      content: 'Renew in May.',
      category: 'fact',
      importance: 'high',
      tags: ['travel', 'admin'],
    },
    {
      title: 'Visa',
      content: 'Appointment in June.',
      category: 'fact',
      importance: 'medium',
      tags: ['travel'],
    },
    { title: 'Tax', content: 'Return by January.', category: 'fact', importance: 'high', tags: ['admin'] },
  );
  await signIn(user, '/app/traces');
  await page.getByRole('button', { name: 'Tags', exact: true }).click();
  await page.getByRole('checkbox', { name: /#travel/ }).check();
  await page.getByRole('checkbox', { name: /#admin/ }).check();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]tags=travel%2Cadmin|[?&]tags=travel,admin/);
  await expect(cards(page).getByRole('heading')).toHaveText(['Passport']);

  await page.getByRole('button', { name: 'Remove filter #travel' }).click();
  await expect(cards(page).getByRole('heading')).toHaveText(['Tax', 'Passport']);
  await page.getByRole('combobox', { name: 'Importance' }).click();
  await page.getByRole('option', { name: 'medium importance' }).click();
  await expect(page.getByRole('heading', { name: 'No traces match' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove filter #admin' }).click();
  await expect(cards(page).getByRole('heading')).toHaveText(['Visa']);
  await page.reload();
  await expect(cards(page).getByRole('heading')).toHaveText(['Visa']);
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(cards(page)).toHaveCount(3);
  await expect(page).toHaveURL(/\/app\/traces$/);
});
