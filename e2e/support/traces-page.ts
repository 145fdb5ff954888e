// What the trace specs share: finding the parts of the page.
import type { Page } from '@playwright/test';

export const dialog = (page: Page) => page.getByRole('dialog');
export const cards = (page: Page) =>
  page
    .getByRole('list', { name: 'Traces' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') });

export async function choose(page: Page, label: string, option: string) {
  await dialog(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
