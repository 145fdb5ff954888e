// The traces list: filters and search in the URL, pages, views (the search box's ranking: search-box.spec.ts).
// Real: the built server with hybrid search, Debian's Chromium.
import { expect, test } from './support/fixtures.js';
import { dialog, cards } from './support/traces-page.js';

test('filter by category and search (debounced); both live in the URL and survive a reload', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const { user } = await userWithTraces(
    {
      title: 'Dentist',
      content: 'Dentist appointment on Friday at 3pm.',
      category: 'personal',
      importance: 'medium',
    },
    {
      title: 'Quarterly report',
      content: 'Report due to finance on the 30th.',
      category: 'work',
      importance: 'high',
    },
    {
      title: 'Release checklist',
      content: 'Tag, build, smoke test, announce.',
      category: 'work',
      importance: 'medium',
    },
    { title: 'Coffee', content: 'Flat white, no sugar.', category: 'preference', importance: 'low' },
  );
  await signIn(user, '/app/traces');
  await expect(cards(page)).toHaveCount(4);

  await page.getByRole('combobox', { name: 'Category' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'All Categories',
    'personal',
    'work',
    'preference',
    'fact',
    'context',
  ]);
  await page.getByRole('option', { name: 'work' }).click();
  await expect(page).toHaveURL(/[?&]category=work/);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByText(/^2\s+traces$/)).toBeVisible();

  const main = page.getByRole('main');
  await page.getByPlaceholder('Search traces...').fill('REPORT');
  await expect(page).toHaveURL(/[?&]search=REPORT/);
  await expect(main.getByRole('link', { name: 'Quarterly report' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Release checklist' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByPlaceholder('Search traces...')).toHaveValue('REPORT');
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('work');
  await expect(main.getByRole('link', { name: 'Quarterly report' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'All Categories' }).click();
  await page.getByPlaceholder('Search traces...').fill('friday');
  await expect(main.getByRole('link', { name: 'Dentist' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Coffee' })).toHaveCount(0);

  await page.getByPlaceholder('Search traces...').fill('nothing like this');
  await expect(page.getByRole('heading', { name: 'Nothing found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(cards(page)).toHaveCount(4);
  await expect(page).toHaveURL(/\/app\/traces$/);
});

test('paginates 30 traces 12 at a time, page in the URL, back to page 1 when the search changes', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const { user, api } = await userWithTraces();
  await api.createMany(30, (i) => ({
    title: `Note ${String(i + 1).padStart(2, '0')}`,
    content: `Numbered note ${i + 1} for paging.`,
    category: 'context' as const,
    importance: 'medium' as const,
  }));
  await signIn(user, '/app/traces');
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(page.getByText('Showing 1 to 12 of 30 results')).toBeVisible();
  await expect(cards(page)).toHaveCount(12);
  await expect(cards(page).first().getByRole('link')).toHaveText('Note 30');
  await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveText(['1', '2', '3']);
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Showing 13 to 24 of 30 results')).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=2/);
  await pager.getByRole('button', { name: 'Page 3' }).click();
  await expect(page.getByText('Showing 25 to 30 of 30 results')).toBeVisible();
  await expect(cards(page)).toHaveCount(6);
  await expect(cards(page).last().getByRole('link')).toHaveText('Note 01');
  await expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled();

  await page.reload();
  await expect(page.getByText('Showing 25 to 30 of 30 results')).toBeVisible();

  await page.getByPlaceholder('Search traces...').fill('note 1');
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByText(/^\d+ results? for “note 1”/)).toBeVisible();
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/)).toBeVisible();
});

test('cards and table views; the choice is remembered after a reload', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const long = 'A'.repeat(100) + 'BEYOND';
  const { user } = await userWithTraces({
    title: 'Tagged',
    content: long,
    category: 'fact',
    importance: 'high',
    tags: ['one', 'two', 'three', 'four', 'five'],
  });
  await signIn(user, '/app/traces');
  await expect(page.getByRole('radio', { name: 'Cards' })).toHaveAttribute('aria-checked', 'true');
  await expect(cards(page)).toHaveCount(1);

  await page.getByRole('radio', { name: 'Table' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Selected',
    'Title & Content',
    'Category',
    'Importance',
    'Tags',
    'Created',
    'Views',
    'Actions',
  ]);
  const row = table.getByRole('row').nth(1);
  await expect(row.getByText(`${'A'.repeat(100)}...`, { exact: true })).toBeVisible();
  await expect(row.getByText('BEYOND')).toHaveCount(0);
  await expect(row.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    '#one',
    '#two',
    '#three',
    '+2 more',
  ]);
  await expect(row.getByRole('cell').nth(6)).toHaveText('0');
  await expect(row.getByRole('button', { name: 'Edit Tagged' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete Tagged' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]view=table/);

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Table' })).toHaveAttribute('aria-checked', 'true');
  await page.goto('/app/traces');
  await expect(page.getByRole('table')).toBeVisible();

  // A phone keeps the columns that matter and drops the rest.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table.getByRole('columnheader', { name: 'Tags' })).toBeHidden();
  await expect(table.getByRole('columnheader', { name: 'Views' })).toBeHidden();
  await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeVisible();

  await page.getByRole('radio', { name: 'Cards' }).click();
  await page.reload();
  await expect(cards(page)).toHaveCount(1);

  // A radio group: the arrow keys move the choice, not only the focus.
  await page.getByRole('radio', { name: 'Cards' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Table' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('table')).toBeVisible();

  // The quickest key press there is: key up before the page has had a moment (a busy machine).
  // Radix alone moved only the focus then; the choice must move too.
  await expect(page.getByRole('radio', { name: 'Table' })).toBeFocused();
  await page.evaluate(() => {
    const radio = document.activeElement!;
    for (const type of ['keydown', 'keyup'])
      radio.dispatchEvent(new KeyboardEvent(type, { key: 'ArrowLeft', bubbles: true, cancelable: true }));
  });
  await expect(page.getByRole('radio', { name: 'Cards' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'Cards' })).toBeFocused();
  await expect(cards(page)).toHaveCount(1);
});

test('table view: an unbroken title and a long tag truncate with a tooltip; Actions stay on screen', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const title = 'W'.repeat(200);
  const tag = 't'.repeat(50);
  const { user } = await userWithTraces({
    title,
    content: 'x'.repeat(400),
    category: 'fact',
    importance: 'low',
    tags: [tag],
  });
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await signIn(user, '/app/traces?view=table');
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row.getByRole('link', { name: title })).toHaveAttribute('title', title);
    for (const name of [`Edit ${title}`, `Delete ${title}`]) {
      const box = await row.getByRole('button', { name }).boundingBox();
      expect(box, `${name} at ${viewport.width}`).not.toBeNull();
      expect(box!.x + box!.width, `${viewport.width}`).toBeLessThanOrEqual(viewport.width);
    }
    if (viewport.width === 1440) {
      await expect(row.getByRole('cell').nth(4)).toBeInViewport();
      await expect(row.getByRole('listitem').filter({ hasText: tag })).toHaveAttribute('title', `#${tag}`);
    }
  }
});

test('a tag chip filters the list by its tag, in the URL; clearing shows everything again', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const { user } = await userWithTraces(
    { title: 'Lisbon', content: 'Trams and tiles.', category: 'personal', tags: ['travel'] },
    { title: 'Porto', content: 'Port cellars.', category: 'personal', tags: ['travel', 'wine'] },
    { title: 'Taxes', content: 'File by April.', category: 'work', tags: ['admin'] },
  );
  await signIn(user, '/app/traces');
  await expect(cards(page)).toHaveCount(3);
  await page.getByRole('link', { name: 'Show traces tagged travel' }).first().click();
  await expect(page).toHaveURL(/\/app\/traces\?tags=travel$/);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByText('Taxes')).toHaveCount(0);
  await page.reload();
  await expect(cards(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove filter #travel' }).click();
  await expect(page).toHaveURL(/\/app\/traces$/);
  await expect(cards(page)).toHaveCount(3);
});

test('?create=true opens the create dialog and is removed from the URL', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(await newUser(), '/app/traces?create=true');
  await expect(dialog(page).getByRole('heading', { name: 'Create New Trace' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/traces$/);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();
});
