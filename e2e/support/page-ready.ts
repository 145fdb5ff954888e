import { expect, type Page } from '@playwright/test';
import type { AppRoute } from './routes.js';

/** Waits until the page has settled: its h1 shown, its data loaded, its tab selected. */
export async function settle(page: Page, route: AppRoute): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  if (route.tab) await expect(page.getByRole('tab', { name: route.tab, selected: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/**
 * Opens a route and waits for it to settle. Call it only on a settled page: a reload while the
 * previous page's session refresh is in flight loses the rotated refresh cookie (see the report
 * on rotation races), so never navigate away from a page that is still starting.
 */
export async function openRoute(page: Page, route: AppRoute): Promise<void> {
  await page.goto(route.path);
  await settle(page, route);
}
