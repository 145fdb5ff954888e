// Real: the built server and Debian's Chromium. Faked: nothing.
// The theme can be switched from Settings and from the signed-out pages, not only the sidebar,
// and it is one choice everywhere.
import { expect, test } from './support/fixtures.js';

test('Settings → Appearance and the public pages switch the one theme', async ({ page, newUser, signIn }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(await newUser(), '/app/settings');
  const html = page.locator('html');
  const appearance = page.getByRole('radiogroup', { name: 'Theme' });
  await expect(appearance.getByRole('radio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
  await appearance.getByRole('radio', { name: 'Dark' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  // The sidebar's toggle says the same choice.
  await expect(page.getByRole('button', { name: 'Theme: Dark. Switch to System' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('banner').getByRole('button', { name: 'Theme: Dark. Switch to System' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.goto('/');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByRole('banner').getByRole('button', { name: 'Theme: System. Switch to Light' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Theme: Light. Switch to Dark' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('on a phone the public header keeps the theme switch on the screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  for (const path of ['/', '/login', '/register']) {
    await page.goto(path);
    const toggle = page.getByRole('banner').getByRole('button', { name: /^Theme: / });
    await expect(toggle).toBeInViewport({ ratio: 1 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      path,
    ).toBeLessThanOrEqual(0);
  }
});
