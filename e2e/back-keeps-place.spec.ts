// Real: the built server (embedded database) and Debian's Chromium. Faked: nothing.
// Opening a trace and coming Back returns to the same list: its filters, sort, page and scroll.
import { expect, test } from './support/fixtures.js';
import { cards } from './support/traces-page.js';

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width} px: Back from a trace keeps the filters, the sort, the page and the scroll`, async ({
    page,
    signIn,
    userWithTraces,
  }) => {
    await page.setViewportSize(viewport);
    const { user, api } = await userWithTraces();
    await api.createMany(30, (i) => ({
      title: `Work note ${String(i + 1).padStart(2, '0')}`,
      content: `Note ${i + 1} about the project.`,
      category: 'work' as const,
      importance: (i % 2 ? 'high' : 'low') as 'high' | 'low',
    }));
    await signIn(user, '/app/traces');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'work' }).click();
    await page.getByRole('combobox', { name: 'Sort' }).click();
    await page.getByRole('option', { name: 'Oldest first' }).click();
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: 'Page 2' })
      .click();
    await expect(page.getByText('Showing 13 to 24 of 30 results')).toBeVisible();
    const listUrl = page.url();

    // Scroll to the end of the page, where the last cards are, and open one of them.
    const target = cards(page).nth(11);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(target).toBeInViewport();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(100);
    const name = (await target.getByRole('heading').textContent())!;
    await target.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    // A new page starts at the top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(listUrl);
    await expect(page.getByText('Showing 13 to 24 of 30 results')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('work');
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveText('Oldest first');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 40);
    await expect(cards(page).getByRole('link', { name })).toBeInViewport();
  });
}
