// Real: the built server (embedded database), Debian's Chromium and its clipboard. Faked: only a
// network failure of GET /api/oauth-clients, to show the setup page stays silent about it.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { startServer } from './support/server.js';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const TABS = [
  ['Overview', 'overview'],
  ['ChatGPT', 'chatgpt'],
  ['Claude AI Web', 'claude-web'],
  ['Claude Code CLI', 'claude-code'],
  ['Other Tools', 'other'],
] as const;

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test('no hash opens the Overview; switching tabs replaces the hash instead of adding history', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(await newUser(), '/app/dashboard');
  await page.getByRole('complementary', { name: 'Main' }).getByRole('link', { name: 'MCP Setup' }).click();
  await expect(page).toHaveURL(/\/app\/mcp-setup$/);
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  const before = await page.evaluate(() => history.length);
  for (const [label, hash] of [...TABS.slice(1), TABS[0]]) {
    await page.getByRole('tab', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`/app/mcp-setup#${hash}$`));
    await expect(page.getByRole('tab', { name: label, selected: true })).toBeVisible();
    await expect(page.getByRole('tabpanel', { name: label })).toBeVisible();
  }
  expect(await page.evaluate(() => history.length)).toBe(before);
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('a deep link to #claude-code opens that tab; arrow keys move between tabs and keep the hash', async ({
  page,
  newUser,
  signIn,
  server,
}) => {
  await signIn(await newUser(), '/app/mcp-setup#claude-code');
  await expect(page.getByRole('tab', { name: 'Claude Code CLI', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Copy Claude Code command', exact: true }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await clipboard(page)).toBe(
    `claude mcp add --transport http cairn ${server.url}/mcp --header "Authorization: Bearer <your-api-key>"`,
  );

  await page.getByRole('tab', { name: 'Claude Code CLI' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Other Tools', selected: true })).toBeFocused();
  await expect(page).toHaveURL(/#other$/);

  await page.goto('/app/mcp-setup#no-such-tab');
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
});

test('every snippet has a copy button that copies exactly what the tab shows', async ({
  page,
  newUser,
  signIn,
  server,
}) => {
  await signIn(await newUser(), '/app/mcp-setup');
  let copied = 0;
  for (const [label, hash] of TABS) {
    await page.goto(`/app/mcp-setup#${hash}`);
    const panel = page.getByRole('tabpanel', { name: label });
    await expect(panel).toBeVisible();
    const shown = await panel.innerText();
    const buttons = await panel.getByRole('button', { name: /^Copy / }).all();
    for (const button of buttons) {
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await button.click();
      const text = await clipboard(page);
      expect(text, (await button.getAttribute('aria-label')) ?? '').not.toBe('');
      expect(shown).toContain(text);
      copied++;
    }
    // Every code block in the tab has its own copy button.
    expect(buttons.length).toBeGreaterThanOrEqual(await panel.locator('pre').count());
  }
  expect(copied).toBeGreaterThanOrEqual(10);

  // The exact snippets of the issue, with this server's PUBLIC_URL.
  const mcp = `${server.url}/mcp`;
  await page.goto('/app/mcp-setup#other');
  await page.getByRole('button', { name: 'Copy Cursor configuration', exact: true }).click();
  expect(JSON.parse(await clipboard(page))).toEqual({
    mcpServers: { cairn: { url: mcp, headers: { Authorization: 'Bearer <your-api-key>' } } },
  });
  await page.getByRole('button', { name: 'Copy local server configuration' }).click();
  expect(JSON.parse(await clipboard(page))).toEqual({
    mcpServers: {
      cairn: {
        command: 'npx',
        args: ['-y', `${server.url}/downloads/cairn-mcp.tgz`],
        env: { CAIRN_URL: server.url, CAIRN_API_KEY: '<your-api-key>' },
      },
    },
  });
  await page.getByRole('button', { name: 'Copy curl example' }).click();
  expect(await clipboard(page)).toBe(
    `curl -X POST ${server.url}/api/search -H "Authorization: Bearer <your-api-key>" -H "Content-Type: application/json" -d '{"query":"project deadlines"}'`,
  );
  await page.goto('/app/mcp-setup#claude-web');
  await page.getByRole('button', { name: 'Copy MCP server URL for Claude' }).click();
  expect(await clipboard(page)).toBe(mcp);
});

test('snippets use PUBLIC_URL from /api/server-info, not the address the browser is on', async ({
  browser,
}) => {
  const server = await startServer({ ALLOW_REGISTRATION: 'true', PUBLIC_URL: 'http://memory.example.test' });
  try {
    const context = await browser.newContext({
      baseURL: server.url,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    const user = { email: 'public-url@example.com', password: 'correct horse battery' };
    expect((await page.request.post('/api/auth/register', { data: user })).status()).toBe(201);
    expect((await page.request.post('/api/auth/login', { data: user })).status()).toBe(200);

    await page.goto('/app/mcp-setup');
    const overview = page.getByRole('tabpanel', { name: 'Overview' });
    await expect(overview.getByText('http://memory.example.test/mcp', { exact: true })).toBeVisible();
    // Plain HTTP on a public name: the page says claude.ai and ChatGPT cannot use it.
    await expect(overview.getByText('claude.ai and ChatGPT cannot reach this address')).toBeVisible();

    await page.getByRole('tab', { name: 'Claude Code CLI' }).click();
    await page.getByRole('button', { name: 'Copy Claude Code command', exact: true }).click();
    expect(await clipboard(page)).toContain('cairn http://memory.example.test/mcp --header');
    await page.getByRole('tab', { name: 'Other Tools' }).click();
    await page.getByRole('button', { name: 'Copy curl example' }).click();
    expect(await clipboard(page)).toContain('curl -X POST http://memory.example.test/api/search ');
    expect(await page.getByRole('tabpanel', { name: 'Other Tools' }).innerText()).not.toContain(server.url);
    await context.close();
  } finally {
    await server.stop();
  }
});

test('OAuth clients load silently: a failing list shows no error and links to the OAuth Clients page', async ({
  page,
  newUser,
  signIn,
}) => {
  // The network edge fails (the only fake here): the page must carry on with an empty list.
  let attempts = 0;
  await page.route('**/api/oauth-clients', (route) => {
    attempts++;
    return route.abort('connectionreset');
  });
  await signIn(await newUser(), '/app/mcp-setup#claude-web');
  const panel = page.getByRole('tabpanel', { name: 'Claude AI Web' });
  await expect(panel.getByText('You have no Claude client yet.')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Create one' })).toHaveAttribute(
    'href',
    '/app/settings/oauth-clients',
  );
  expect(attempts).toBeGreaterThan(0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
});

test('with a Claude client of their own, its client id is offered with a copy button', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(await newUser(), '/app/settings');
  const token = (await (await page.request.post('/api/auth/refresh')).json()).access_token as string;
  const created = await page.request.post('/api/oauth-clients', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'My Claude', platform: 'claude', redirect_uris: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { client_id } = (await created.json()) as { client_id: string };

  await page.goto('/app/mcp-setup#claude-web');
  const panel = page.getByRole('tabpanel', { name: 'Claude AI Web' });
  await expect(panel.getByText(client_id, { exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Copy client ID of My Claude' }).click();
  expect(await clipboard(page)).toBe(client_id);
});

test('vendor steps: ChatGPT apps in developer mode, Claude Team/Enterprise owners first, each dated', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(await newUser(), '/app/mcp-setup#chatgpt');
  const chatgpt = page.getByRole('tabpanel', { name: 'ChatGPT' });
  // MenuPath reads "Settings → , then Apps → , then …" (the ", then" is for screen readers).
  await expect(chatgpt).toContainText(/Settings\W+then Apps\W+then Advanced settings\W+then Developer mode/);
  await expect(chatgpt).toContainText('Create app');
  await expect(chatgpt).toContainText('Plus, Pro, Business, Enterprise or Education');
  await expect(chatgpt).not.toContainText('Connectors');
  const openaiDoc = chatgpt.getByRole('link', { name: 'OpenAI’s developer mode guide' });
  await expect(openaiDoc).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(chatgpt.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);

  await page.getByRole('tab', { name: 'Claude AI Web' }).click();
  const claude = page.getByRole('tabpanel', { name: 'Claude AI Web' });
  await expect(claude).toContainText('an Owner adds the connector for the organization first');
  await expect(claude).toContainText(/Organization settings\W+then Connectors/);
  await expect(claude.getByRole('link', { name: 'Claude’s custom connector guide' })).toBeVisible();
  await expect(claude.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
});

for (const width of [320, 390]) {
  test(`${width} px: every tab is in sight and no snippet runs under its box's edge`, async ({
    page,
    newUser,
    signIn,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await signIn(await newUser(), '/app/mcp-setup#other');
    const tabs = page.getByRole('tablist', { name: 'Set-up instructions by client' }).getByRole('tab');
    await expect(tabs).toHaveCount(5);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      const name = await tab.textContent();
      expect(box.x, `${name} starts off screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name} is cut at the right edge`).toBeLessThanOrEqual(width);
    }
    const panel = page.getByRole('tabpanel', { name: 'Other Tools' });
    await expect(panel.getByText('Local MCP server (stdio)')).toBeVisible();
    const hidden = await panel
      .locator('pre')
      .evaluateAll((pres) =>
        pres.filter((p) => p.scrollWidth > p.clientWidth + 1).map((p) => p.textContent?.slice(0, 60)),
      );
    expect(hidden, 'snippets whose text runs past the box').toEqual([]);
  });
}
