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
  // Undo gives the selection back with the traces, and the focus to the one highest in the list
  // (whatever order the server lists the restored ids in).
  await expect(bar).toContainText('2 selected');
  await expect(page.getByRole('link', { name: 'Bravo' })).toBeFocused();

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

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width} px: select all matching across pages, export them, the bar in view`, async ({
    page,
    signIn,
    userWithTraces,
  }) => {
    await page.setViewportSize(viewport);
    const { user, api } = await userWithTraces();
    await api.createMany(26, (i) => ({
      title: `Pantry ${i + 1}`,
      content: `Pantry item ${i + 1}.`,
      category: (i < 20 ? 'context' : 'fact') as 'context' | 'fact',
    }));
    await signIn(user, '/app/traces?category=context');
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await bar.getByRole('checkbox', { name: 'Select all on page' }).check();
    await expect(bar).toContainText('12 selected');
    await bar.getByRole('button', { name: 'Select all 20 matching' }).click();
    await expect(bar).toContainText('20 selected');

    // Scrolled to the bottom of the page, the bar is still there.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(bar.getByRole('button', { name: 'Delete selected' })).toBeInViewport();

    const download = page.waitForEvent('download');
    await bar.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Cairn JSON (importable)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^cairn-20-traces-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(
      await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
    ) as {
      format: string;
      traces: { category: string }[];
    };
    expect(exported.format).toBe('cairn-export');
    expect(exported.traces).toHaveLength(20);
    expect(new Set(exported.traces.map((t) => t.category))).toEqual(new Set(['context']));

    // All 20, across both pages, in one action; the selection stays.
    await bar.getByRole('combobox', { name: 'Set category of selected' }).click();
    await page.getByRole('option', { name: 'personal', exact: true }).click();
    await expect(page.getByText('Category set to personal on 20 traces')).toBeVisible();
    expect((await api.list('?category=personal')).totalCount).toBe(20);
  });
}
