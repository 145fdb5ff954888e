// Real: the built server (embedded database) and Debian's Chromium. Faked: nothing.
// Long addresses and commands wrap where a reader expects: a URL after its separators, a command
// between its words. Never inside a word, which turns "reset-password" into "reset-pas / sword".
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.js';

/** Each place a line ends inside `el`, as "<last character>|<first character of the next line>". */
async function lineBreaks(el: Locator): Promise<string[]> {
  return el.evaluate((root) => {
    const breaks: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let prevTop: number | null = null;
    let prevChar = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        // A space at the end of a line collapses to nothing: still the place the line broke.
        if (/\s/.test(text[i]!)) prevChar = text[i]!;
        if (!rect || rect.width === 0) continue;
        const top = Math.round(rect.top);
        if (prevTop !== null && top > prevTop + 2) breaks.push(`${prevChar}|${text[i]}`);
        prevTop = top;
        prevChar = text[i]!;
      }
    }
    return breaks;
  });
}

const URL_SEPARATOR = /[/.?&=_\-:#]/;

for (const width of [320, 390]) {
  test(`${width} px: redirect URIs break after their separators, the reset command between its words`, async ({
    page,
    signIn,
    userWithTraces,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    const { user, api } = await userWithTraces();
    const uris = [
      'https://chatgpt.com/connector_platform_oauth_redirect',
      'https://household.example.com/oauth/callback?tenant=family-accounts&return=settings',
    ];
    await api.oauthClient({ name: 'Household app', platform: 'generic', redirect_uris: uris });
    await signIn(user, '/app/settings/oauth-clients');
    const expectUrlBreaks = async (shown: Locator, uri: string) => {
      await expect(shown).toBeVisible();
      for (const at of await lineBreaks(shown)) {
        const [before, after] = at.split('|') as [string, string];
        expect(URL_SEPARATOR.test(before) || URL_SEPARATOR.test(after), `${uri} breaks at ${at}`).toBe(true);
      }
    };
    // The callbacks Cairn adds for a platform, listed under the create form.
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Create client' }) });
    for (const uri of ['https://claude.ai/api/mcp/auth_callback', 'https://claude.com/api/mcp/auth_callback'])
      await expectUrlBreaks(form.getByText(uri, { exact: true }), uri);
    await page.getByLabel('Platform').click();
    await page.getByRole('option', { name: 'ChatGPT' }).click();
    const chatgpt = 'https://chatgpt.com/connector_platform_oauth_redirect';
    await expectUrlBreaks(form.getByText(chatgpt, { exact: true }), chatgpt);
    const card = page.getByRole('listitem').filter({ hasText: 'Household app' });
    for (const uri of uris) await expectUrlBreaks(card.getByText(uri, { exact: true }), uri);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const command = page.getByRole('status').locator('code');
    await expect(command).toHaveText('npm run cairn -- user reset-password --email <your e-mail>');
    for (const at of await lineBreaks(command)) {
      expect(at, `the command breaks at ${at}`).toMatch(/^\s\||\|\s/);
    }
  });
}
