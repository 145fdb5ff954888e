// Real: the built server (embedded database) and Debian's Chromium. Faked: nothing.
// Every page names the browser tab, so tabs and history make sense; a trace's page carries its title.
import { expect, test } from './support/fixtures.js';

test('each page has its own title, a trace its own, a tab of MCP Setup its tab', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  // Fifteen full page loads in one test: on a busy two-core machine that outlasts 60 s (the
  // screenshots spec does the same).
  test.slow();
  const { user, traces } = await userWithTraces(
    { title: 'Coffee order', content: 'Flat white.', category: 'preference' },
    { title: null, content: 'No title here.', category: 'fact' },
  );
  await signIn(user, '/app/dashboard');
  for (const [path, title] of [
    ['/app/dashboard', 'Dashboard · Cairn'],
    ['/app/traces', 'Traces · Cairn'],
    ['/app/tags', 'Tags · Cairn'],
    ['/app/integrations', 'Integrations · Cairn'],
    ['/app/mcp-setup', 'MCP Setup · Cairn'],
    ['/app/mcp-setup#chatgpt', 'ChatGPT · MCP Setup · Cairn'],
    ['/app/settings', 'Settings · Cairn'],
    ['/app/settings/api-keys', 'API Keys · Cairn'],
    ['/app/settings/oauth-clients', 'OAuth Clients · Cairn'],
    ['/app/settings/sessions', 'Sessions and devices · Cairn'],
    ['/app/settings/data', 'Import and export · Cairn'],
    [`/app/traces/${traces[0]!.id}`, 'Coffee order · Cairn'],
    // Written without a title: the one drawn from its words (ADR 0028).
    [`/app/traces/${traces[1]!.id}`, 'No title here · Cairn'],
    ['/app/traces/00000000-0000-4000-8000-000000000000', 'Trace not found · Cairn'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
  // History entries carry the titles too: Back shows the trace list's.
  await page.goto('/app/traces');
  await page.getByRole('link', { name: 'Coffee order' }).click();
  await expect(page).toHaveTitle('Coffee order · Cairn');
  await page.goBack();
  await expect(page).toHaveTitle('Traces · Cairn');
});

test('the signed-out pages are named too', async ({ page }) => {
  for (const [path, title] of [
    ['/', 'Your AI memory hub · Cairn'],
    ['/login', 'Sign in · Cairn'],
    ['/register', 'Create your account · Cairn'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }
});
