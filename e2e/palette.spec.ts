// Real: the built server (hybrid search on its bundled model) and Debian's Chromium. Faked: nothing.
// The command palette (Ctrl/⌘+K) and the keyboard shortcuts: n, e, ?, /, Ctrl/⌘+Enter.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { dialog } from './support/traces-page.js';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const command = (page: Page) => page.getByRole('combobox', { name: 'Command' });

test('Ctrl+K: go to a page, search the traces or open one, switch the theme, all from the keyboard', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const { user, traces } = await userWithTraces({
    title: 'Running goal',
    content: 'Training for the Berlin half marathon in April; long run on Sundays.',
    category: 'personal',
  });
  await signIn(user, '/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await expect(command(page)).toBeFocused();

  // A page, chosen by its words, with the arrow keys and Enter.
  await command(page).fill('api');
  await expect(palette(page).getByRole('option', { selected: true })).toHaveText('API Keys');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/settings\/api-keys$/);
  await expect(palette(page)).toHaveCount(0);

  // A search: the best matches are offered directly; the first entry searches the list.
  await page.keyboard.press('Meta+k');
  await command(page).fill('marathon');
  const hit = palette(page).getByRole('option', { name: 'Running goal' });
  await expect(hit).toBeVisible();
  await expect(palette(page).getByRole('option', { selected: true })).toHaveText(
    'Search traces for “marathon”',
  );
  await page.keyboard.press('ArrowDown');
  await expect(hit).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/traces/${traces[0]!.id}$`));

  await page.keyboard.press('Control+k');
  await command(page).fill('marathon');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/traces\?search=marathon$/);

  // The theme, and Escape closing with nothing done.
  await page.keyboard.press('Control+k');
  await command(page).fill('dark');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.keyboard.press('Control+k');
  // Nothing by that name: searching for it is what is left.
  await command(page).fill('zzzz');
  await expect(palette(page).getByRole('option')).toHaveText(['Search traces for “zzzz”']);
  await page.keyboard.press('Escape');
  await expect(palette(page)).toHaveCount(0);
});

test('shortcuts: n starts a trace, Ctrl+Enter saves it, e edits the trace being read, ? lists them all', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(await newUser(), '/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('n');
  await expect(dialog(page).getByRole('heading', { name: 'Create New Trace' })).toBeVisible();
  await dialog(page).getByLabel('Title').fill('Shortcut test');
  await dialog(page).getByLabel('Content').fill('Made without touching the mouse.');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Trace created successfully!')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);

  await page.getByRole('main').getByRole('link', { name: 'Shortcut test' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shortcut test' })).toBeVisible();
  await page.keyboard.press('e');
  await expect(dialog(page).getByRole('heading', { name: 'Edit Trace' })).toBeVisible();
  // Typing in the dialog is typing, not shortcuts.
  await dialog(page).getByLabel('Title').fill('Shortcut test, renamed');
  await expect(dialog(page).getByLabel('Title')).toHaveValue('Shortcut test, renamed');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Shortcut test, renamed' })).toBeVisible();

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  for (const does of [
    'Open the command palette',
    'New trace',
    'Edit the trace you are reading',
    'Save the dialog',
  ])
    await expect(help).toContainText(does);
  await page.keyboard.press('Escape');
  await expect(help).toHaveCount(0);
});

test('on a phone the palette opens from the menu', async ({ page, newUser, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(await newUser(), '/app/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: /Search or jump to/ }).click();
  await expect(palette(page)).toBeVisible();
  const box = (await palette(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await command(page).fill('tags');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/tags$/);
});
