// Real: the built server (embedded database) and Debian's Chromium. Faked: nothing.
// Every list, card and row at phone widths (320 and 390 px) with titles, tags, names and content
// that have no place to break, as a pasted URL or a hash does: the page must never be wider than
// the screen, and what opens from it (Add Trace) must open on the screen.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { cards } from './support/traces-page.js';

const LONG_TITLE = `https://example.com/${'a'.repeat(180)}`;
const LONG_TAG = 't'.repeat(50);
const LONG_CONTENT = `Pasted:${'x'.repeat(600)} and a word or two after it.`;
const LONG_NAME = 'k'.repeat(100);

async function expectFits(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} is wider than the screen`).toBeLessThanOrEqual(0);
}

async function expectOnScreen(page: Page, box: ReturnType<Page['getByRole']>, what: string) {
  const rect = (await box.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(rect.x, `${what} starts left of the screen`).toBeGreaterThanOrEqual(0);
  expect(rect.x + rect.width, `${what} ends right of the screen`).toBeLessThanOrEqual(width);
}

for (const width of [320, 390]) {
  test(`${width} px: lists, cards, rows and dialogs stay on the screen with unbroken text`, async ({
    page,
    signIn,
    userWithTraces,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 844 });
    const { user, traces, api } = await userWithTraces(
      { title: LONG_TITLE, content: LONG_CONTENT, category: 'work', tags: [LONG_TAG, 'short'] },
      { title: 'An ordinary title', content: 'Ordinary content.', category: 'fact', tags: [LONG_TAG] },
    );
    await api.apiKey(LONG_NAME);
    await api.oauthClient({
      name: LONG_NAME,
      platform: 'generic',
      redirect_uris: [`https://app.example.com/${'c'.repeat(150)}/callback`],
    });

    await signIn(user, '/app/dashboard');
    await expect(page.getByRole('list', { name: 'Recent traces' }).getByRole('listitem')).toHaveCount(2);
    await expectFits(page, 'the dashboard');

    await page.goto('/app/traces');
    await expect(cards(page)).toHaveCount(2);
    await expectFits(page, 'the Cards view');
    const add = page.getByRole('button', { name: 'Add Trace' });
    await expectOnScreen(page, add, 'Add Trace');
    await add.click();
    await expectOnScreen(page, page.getByRole('dialog', { name: 'Create New Trace' }), 'the create dialog');
    await page.keyboard.press('Escape');

    await page.goto('/app/traces?view=table');
    await expect(page.getByRole('table')).toBeVisible();
    await expectFits(page, 'the Table view');

    await page.goto(`/app/traces/${traces[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectFits(page, 'the trace page');

    await page.goto('/app/settings/api-keys');
    await expect(page.getByRole('list', { name: 'API keys' }).getByRole('listitem')).toHaveCount(1);
    await expectFits(page, 'the API key list');

    await page.goto('/app/settings/oauth-clients');
    await expect(page.getByRole('heading', { name: LONG_NAME })).toBeVisible();
    await expectFits(page, 'the OAuth client list');

    // The search box's results: ranked and merely containing, both with the unbroken title.
    await page.goto(`/app/traces?search=${encodeURIComponent('Pasted')}`);
    await expect(page.getByText(/^\d+ results? for “Pasted”/)).toBeVisible();
    await expectFits(page, 'the search results');
    await page.goto(`/app/traces?search=${encodeURIComponent('aaaa')}`);
    await expect(page.getByText(/^\d+ results? for “aaaa”/)).toBeVisible();
    await expectFits(page, 'the traces containing a fragment');

    await page.goto('/app/tags');
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveCount(2);
    await expectFits(page, 'the Tags page');

    await page.goto('/app/settings/sessions');
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).not.toHaveCount(0);
    await expectFits(page, 'the sessions page');
  });
}
