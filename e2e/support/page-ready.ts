import { expect, type Page } from '@playwright/test';
import type { AppRoute } from './routes.js';

/** Opens a route and waits until it has settled: its h1 shown, its data loaded, its tab selected. */
export async function openRoute(page: Page, route: AppRoute): Promise<void> {
  await page.goto(route.path);
  await expect(page.locator('h1').first()).toBeVisible();
  if (route.tab) await expect(page.getByRole('tab', { name: route.tab, selected: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}
