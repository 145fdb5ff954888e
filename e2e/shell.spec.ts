// Real: the built server (embedded database) and Debian's Chromium. Faked: nothing.
import { expect, test } from './support/fixtures.js';

const ENTRIES = ['Dashboard', 'Traces', 'Integrations', 'MCP Setup', 'OAuth Clients', 'API Keys', 'Settings'];

test('the sidebar lists its entries in order and each one opens its page', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(await newUser());
  const nav = page.getByRole('complementary', { name: 'Main' }).getByRole('navigation');
  await expect(nav.getByRole('link')).toHaveText(ENTRIES);
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);
  // Settings opens on what works there, with no placeholder above it.
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  const settingsNav = page.getByRole('navigation', { name: 'Settings' });
  await expect(settingsNav.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(settingsNav.getByRole('link', { name: 'API Keys' })).toBeVisible();
  await nav.getByRole('link', { name: 'API Keys' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/api-keys$/);
  await nav.getByRole('link', { name: 'MCP Setup' }).click();
  await expect(page).toHaveURL(/\/app\/mcp-setup$/);
});

test('the collapsed sidebar stays collapsed across a reload (localStorage sidenav-collapsed)', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(await newUser());
  const sidebar = page.getByRole('complementary', { name: 'Main' });
  const wide = (await sidebar.boundingBox())!.width;
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sidenav-collapsed'))).toBe('true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  expect((await sidebar.boundingBox())!.width).toBeLessThan(wide / 2);
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
});

test('on a phone the menu toggle opens and closes the sidebar', async ({ page, newUser, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(await newUser());
  const menu = page.getByRole('button', { name: 'Open menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  const link = page.getByRole('complementary', { name: 'Main' }).getByRole('link', { name: 'Integrations' });
  await expect(link).not.toBeInViewport();
  await menu.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(link).toBeInViewport();
  await link.click();
  await expect(page).toHaveURL(/\/app\/integrations$/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
});

test('each route change scrolls back to the top', async ({ page, newUser, signIn }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await signIn(await newUser(), '/app/settings');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('complementary', { name: 'Main' }).getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/app\/integrations$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('on a 390 px phone every settings section is on screen and opens its page', async ({
  page,
  newUser,
  signIn,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(await newUser(), '/app/settings');
  const nav = page.getByRole('navigation', { name: 'Settings' });
  for (const [label, path] of [
    ['Profile', /\/app\/settings$/],
    ['API Keys', /\/app\/settings\/api-keys$/],
    ['OAuth Clients', /\/app\/settings\/oauth-clients$/],
    ['Data', /\/app\/settings\/data$/],
  ] as const) {
    const link = nav.getByRole('link', { name: label });
    const box = await link.boundingBox();
    expect(box, label).not.toBeNull();
    // Fully inside the screen without scrolling sideways.
    expect(box!.x, label).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, label).toBeLessThanOrEqual(390);
    await link.click();
    await expect(page).toHaveURL(path);
  }
});

test('the theme toggle steps System → Light → Dark, applies at once and survives a reload', async ({
  page,
  newUser,
  signIn,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(await newUser(), '/app/dashboard');
  const html = page.locator('html');
  const sidebar = page.getByRole('complementary', { name: 'Main' });
  await expect(html).toHaveAttribute('data-theme', 'light');
  await sidebar.getByRole('button', { name: 'Theme: System. Switch to Light' }).click();
  await sidebar.getByRole('button', { name: 'Theme: Light. Switch to Dark' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const canvas = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await canvas()).toBe('rgb(11, 15, 20)');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(sidebar.getByRole('button', { name: 'Theme: Dark. Switch to System' })).toBeVisible();
  // Back to System: the OS setting rules again, and follows its changes.
  await sidebar.getByRole('button', { name: 'Theme: Dark. Switch to System' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('"/" opens the search from any page and typed in a field stays a slash; Ctrl+K opens the palette', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(await newUser(), '/app/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('/');
  await expect(page).toHaveURL(/\/app\/traces$/);
  const search = page.getByRole('searchbox', { name: 'Search traces' });
  await expect(search).toBeFocused();
  await page.keyboard.type('a/b');
  await expect(search).toHaveValue('a/b');

  await page.getByRole('heading', { name: 'Memory Traces' }).click();
  await expect(search).not.toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Command' })).toBeFocused();
});
