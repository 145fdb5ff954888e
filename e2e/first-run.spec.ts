// Real: the built server (embedded database), Debian's Chromium, a real API key used the way an
// assistant uses it. Faked: nothing.
// A new owner's first dashboard: a welcome (not "Welcome back") and a checklist (create a key →
// connect an assistant → the first memory arrives) in place of an empty chart.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { apiAs } from './support/trace-api.js';

const checklist = (page: Page) => page.getByRole('region', { name: 'Get started' });
const step = (page: Page, name: RegExp) => checklist(page).getByRole('listitem').filter({ hasText: name });

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width} px: a new account is welcomed, not welcomed back, and walked through its first steps`, async ({
    page,
    request,
    newUser,
    signIn,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const user = await newUser();
    const name = user.email.split('@')[0]!;
    await signIn(user);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome to Cairn, ${name}`);
    await expect(page.getByText('Your AI memory hub is ready to enhance your conversations')).toBeVisible();

    // The checklist stands where an empty chart would.
    await expect(checklist(page)).toBeVisible();
    await expect(page.getByRole('img', { name: /per day/ })).toHaveCount(0);
    await expect(checklist(page).getByRole('listitem')).toHaveCount(3);
    await expect(step(page, /Create an API key/)).toContainText('To do');
    await expect(step(page, /Connect an assistant/)).toContainText('To do');
    await expect(step(page, /first memory/)).toContainText('To do');
    await expect(step(page, /Create an API key/).getByRole('link')).toHaveAttribute(
      'href',
      '/app/settings/api-keys',
    );
    await expect(step(page, /Connect an assistant/).getByRole('link')).toHaveAttribute(
      'href',
      '/app/mcp-setup',
    );

    // Each step ticks itself off as it happens, without a reload.
    const { headers } = await apiAs(request, user);
    const created = await request.post('/api/api-keys', { data: { name: 'Claude Code' }, headers });
    const { key } = (await created.json()) as { key: string };
    await expect(step(page, /Create an API key/)).toContainText('Done', { timeout: 20_000 });
    const assistant = { authorization: `Bearer ${key}` };
    expect(
      (await request.post('/api/search', { data: { query: 'hello' }, headers: assistant })).status(),
    ).toBe(200);
    await expect(step(page, /Connect an assistant/)).toContainText('Done', { timeout: 20_000 });
    const memory = await request.post('/api/traces', {
      data: { content: 'Prefers short answers.' },
      headers: assistant,
    });
    expect(memory.status()).toBe(201);
    // All done: the checklist gives way to the chart, and the next visit is a return.
    await expect(checklist(page)).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole('img', { name: /Traces added per day/ })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome back, ${name}`);
  });
}

test('the checklist can be put away, and stays away on this browser', async ({ page, newUser, signIn }) => {
  await signIn(await newUser());
  await checklist(page).getByRole('button', { name: 'Hide the checklist' }).click();
  await expect(checklist(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Recent Traces' })).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
});
