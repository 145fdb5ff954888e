// Real: the built server (embedded database) and Debian's Chromium. Faked: nothing.
import { expect, test } from './support/fixtures.js';

const AVAILABLE = [
  ['Claude AI MCP Remote', 'Set up Claude', /\/app\/mcp-setup#claude-web$/, 'Claude AI Web'],
  ['ChatGPT MCP Connector', 'Set up ChatGPT', /\/app\/mcp-setup#chatgpt$/, 'ChatGPT'],
  ['Claude Code CLI', 'Set up Claude Code', /\/app\/mcp-setup#claude-code$/, 'Claude Code CLI'],
  ['MCP Server (Local)', 'Set up the local server', /\/app\/mcp-setup#other$/, 'Other Tools'],
  ['Cursor IDE', 'Set up Cursor', /\/app\/mcp-setup#other$/, 'Other Tools'],
  ['REST API', 'See the example', /\/app\/mcp-setup#other$/, 'Other Tools'],
] as const;

test('available integrations are beta and open their set-up tab', async ({ page, newUser, signIn }) => {
  await signIn(await newUser(), '/app/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  for (const [card, link, url, tab] of AVAILABLE) {
    const article = page.getByRole('article', { name: card });
    await expect(article.getByText('Beta')).toBeVisible();
    await article.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/app\/integrations$/);
  }
  await page
    .getByRole('article', { name: 'REST API' })
    .getByRole('link', { name: 'Create an API key' })
    .click();
  await expect(page).toHaveURL(/\/app\/settings\/api-keys$/);
  await page.goBack();
  for (const [card, where] of [
    ['TypeScript SDK', 'packages/sdk'],
    ['Python SDK', 'pip install ./packages/sdk-python'],
  ] as const) {
    const article = page.getByRole('article', { name: card });
    await expect(article.getByText('Beta')).toBeVisible();
    await expect(article.getByText(where, { exact: false })).toBeVisible();
    await expect(article.getByRole('link', { name: 'Create an API key' })).toBeVisible();
  }
});

test('Chrome Extension and Mobile App are Coming Soon, with no link', async ({ page, newUser, signIn }) => {
  await signIn(await newUser(), '/app/integrations');
  for (const card of ['Chrome Extension', 'Mobile App']) {
    const article = page.getByRole('article', { name: card });
    await expect(article.getByText('Coming Soon')).toBeVisible();
    await expect(article.getByRole('link')).toHaveCount(0);
    await expect(article.getByRole('button')).toHaveCount(0);
  }
  await expect(page.getByRole('article')).toHaveCount(10);
});
