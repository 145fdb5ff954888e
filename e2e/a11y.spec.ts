// Real: the built server (embedded database), Debian's Chromium and axe-core. Faked: nothing.
// Every route of the web app (e2e/support/routes.ts), in light and dark, must have no
// serious or critical axe violation; so must the dialogs and one-time panels people open on them.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { openRoute, settle } from './support/page-ready.js';
import { SIGNED_IN_ROUTES, SIGNED_OUT_ROUTES } from './support/routes.js';

async function expectNoSeriousViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
    );
  expect(serious, `axe on ${what}`).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const route of SIGNED_OUT_ROUTES) {
      test(`signed out: ${route.path}`, async ({ page }) => {
        await openRoute(page, route);
        await expectNoSeriousViolations(page, route.path);
      });
    }

    for (const route of SIGNED_IN_ROUTES) {
      test(`signed in: ${route.path}`, async ({ page, newUser, signIn }) => {
        await signIn(await newUser(), route.path);
        await settle(page, route);
        await expectNoSeriousViolations(page, route.path);
      });
    }

    test('landing dialogs: About, Terms & Privacy', async ({ page }) => {
      await page.goto('/');
      for (const name of ['About', 'Terms & Privacy']) {
        await page.getByRole('button', { name, exact: true }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoSeriousViolations(page, `the ${name} dialog`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      }
    });

    test('API keys: the one-time key panel and the revoke dialog', async ({ page, newUser, signIn }) => {
      await signIn(await newUser(), '/app/settings/api-keys');
      await page.getByLabel('Name').fill('Cursor');
      await page.getByRole('button', { name: 'Create API Key' }).click();
      await expect(page.getByText('Save this key securely. It will not be shown again.')).toBeVisible();
      await expectNoSeriousViolations(page, 'the new key panel');
      await page.getByRole('button', { name: 'Revoke Cursor' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoSeriousViolations(page, 'the revoke dialog');
    });

    test('traces: the bulk bar and the edit dialog', async ({ page, signIn, userWithTraces }) => {
      const { user } = await userWithTraces(
        { title: 'Alpha', content: 'Alpha note.', category: 'fact' },
        { title: 'Bravo', content: 'Bravo note.', category: 'work' },
      );
      await signIn(user, '/app/traces');
      await page.getByRole('checkbox', { name: 'Select Alpha' }).check();
      await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toBeVisible();
      // The toolbar's selects are checked closed: an open Radix select hides the page behind it
      // with aria-hidden while keeping it focusable, which axe reports against every control there.
      await expectNoSeriousViolations(page, 'the bulk bar');
      await page.getByRole('button', { name: 'Edit Bravo' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Trace' })).toBeVisible();
      await expectNoSeriousViolations(page, 'the edit dialog');
    });

    test('OAuth clients: the edit dialog', async ({ page, signIn, userWithTraces }) => {
      const { user, api } = await userWithTraces();
      await api.oauthClient({
        name: 'Script',
        platform: 'generic',
        redirect_uris: ['https://old.example/cb'],
      });
      await signIn(user, '/app/settings/oauth-clients');
      await page.getByRole('button', { name: 'Edit Script' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit OAuth client' })).toBeVisible();
      await expectNoSeriousViolations(page, 'the OAuth client edit dialog');
    });

    test('the command palette, the shortcuts and a search with its marked words', async ({
      page,
      signIn,
      userWithTraces,
    }) => {
      // Four scans and two searches: on a busy machine that outlasts 60 s.
      test.slow();
      const { user } = await userWithTraces(
        {
          title: 'Password manager',
          content: 'The family vault is in Bitwarden.',
          category: 'fact',
          tags: ['home'],
        },
        { title: 'Passport', content: 'Renew the passport in May.', category: 'fact' },
      );
      await signIn(user, '/app/traces?search=vault');
      await expect(page.getByRole('list', { name: 'Ranked results' })).toBeVisible();
      await expectNoSeriousViolations(page, 'a ranked search');
      await page.goto('/app/traces?search=pass');
      await expect(page.getByRole('region', { name: /ontaining “pass”/ })).toBeVisible();
      await expectNoSeriousViolations(page, 'the traces containing the words');
      await page.keyboard.press('Control+k');
      await page.getByRole('combobox', { name: 'Command' }).fill('pass');
      await expect(page.getByRole('option').first()).toBeVisible();
      await expectNoSeriousViolations(page, 'the command palette');
      await page.keyboard.press('Escape');
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
      await expectNoSeriousViolations(page, 'the shortcuts');
    });

    test('tags: the page with its rename dialog; sessions with two devices; an API key being edited', async ({
      page,
      signIn,
      userWithTraces,
    }) => {
      const { user, api } = await userWithTraces(
        { title: 'School', content: 'At 8.', category: 'personal', tags: ['kids', 'school'] },
        { title: 'Swim', content: 'At 5.', category: 'personal', tags: ['kids'] },
      );
      await api.apiKey('CI');
      await signIn(user, '/app/tags');
      await page.getByRole('checkbox', { name: 'Select #kids to merge' }).check();
      await expectNoSeriousViolations(page, 'the tags page');
      await page.getByRole('button', { name: 'Rename #school' }).click();
      await expect(page.getByRole('dialog', { name: 'Rename #school' })).toBeVisible();
      await expectNoSeriousViolations(page, 'the rename dialog');
      await page.goto('/app/settings/sessions');
      await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(2);
      await expectNoSeriousViolations(page, 'the sessions page');
      await page.goto('/app/settings/api-keys');
      await page.getByRole('button', { name: 'Edit CI' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit API key' })).toBeVisible();
      await expectNoSeriousViolations(page, 'the API key edit dialog');
    });

    test('a phone: the landing page and the open app menu', async ({ page, newUser, signIn }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/');
      await expectNoSeriousViolations(page, '/ on a phone');
      await signIn(await newUser(), '/app/mcp-setup#claude-code');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expectNoSeriousViolations(page, 'the app menu on a phone');
    });
  });
}
