// Bulk actions on the traces list: tick traces (or the whole page, or every match), then delete
// with Undo, set a category, add and remove a tag, export; the selection stays after an action.
// Real: the built server, Debian's Chromium.
import { expect, test } from './support/fixtures.js';
import { cards } from './support/traces-page.js';

test('select traces, delete them with Undo, re-categorise and tag them in one go', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const { user, api } = await userWithTraces();
  await api.create(
    { title: 'Alpha', content: 'Alpha note.', category: 'fact' },
    { title: 'Bravo', content: 'Bravo note.', category: 'fact' },
    { title: 'Charlie', content: 'Charlie note.', category: 'fact' },
  );
  await signIn(user, '/app/traces');
  const titles = cards(page).getByRole('heading');
  await expect(titles).toHaveText(['Charlie', 'Bravo', 'Alpha']);
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' });

  // Delete two, then Undo brings both back.
  await page.getByRole('checkbox', { name: 'Select Alpha' }).check();
  await page.getByRole('checkbox', { name: 'Select Bravo' }).check();
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Delete selected' }).click();
  await expect(page.getByText('2 traces deleted')).toBeVisible();
  await expect(titles).toHaveText(['Charlie']);
  await page.getByTestId('undo-bulk-delete').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('2 traces restored')).toBeVisible();
  await expect(titles).toHaveText(['Charlie', 'Bravo', 'Alpha']);
  // Undo gives the selection back with the traces, and the focus to the first of them.
  await expect(bar).toContainText('2 selected');
  await expect(
    page
      .getByRole('link', { name: 'Bravo' })
      .or(page.getByRole('link', { name: 'Alpha' }))
      .first(),
  ).toBeFocused();

  // Select all on page, set the category; the selection stays for the next action.
  await bar.getByRole('checkbox', { name: 'Select all on page' }).check();
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('combobox', { name: 'Set category of selected' }).click();
  await page.getByRole('option', { name: 'work', exact: true }).click();
  await expect(page.getByText('Category set to work on 3 traces')).toBeVisible();
  expect((await api.list('?category=work')).totalCount).toBe(3);
  await expect(bar).toContainText('3 selected');

  // In the table view too: only Charlie, add a tag, then remove it.
  await page.getByRole('radio', { name: 'Table' }).click();
  await bar.getByRole('button', { name: 'Clear selection' }).click();
  await page.getByRole('checkbox', { name: 'Select Charlie' }).check();
  await bar.getByRole('textbox', { name: 'Tag for selected' }).fill('Trip');
  await bar.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByText('Tag #trip added on 1 trace')).toBeVisible();
  const tagged = await api.list('?tags=trip');
  expect(tagged.traces.map((t) => t.title)).toEqual(['Charlie']);

  await expect(page.getByRole('checkbox', { name: 'Select Charlie' })).toBeChecked();
  await bar.getByRole('textbox', { name: 'Tag for selected' }).fill('trip');
  await bar.getByRole('button', { name: 'Remove tag' }).click();
  await expect(page.getByText('Tag #trip removed on 1 trace')).toBeVisible();
  expect((await api.list('?tags=trip')).totalCount).toBe(0);
});
