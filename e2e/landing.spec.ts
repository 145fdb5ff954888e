// Real: the built server (embedded database) and Debian's Chromium. Faked: nothing.
import { CONTACT_URL, SEARCH_P95_MS, SOURCE_URL } from '../web/src/routes/landing/facts.js';
import { expect, test } from './support/fixtures.js';

test('the header anchors scroll to their sections; Sign In and Get Started lead to /login', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your memories, for every AI assistant' }),
  ).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Sections' });
  for (const [label, id] of [
    ['Security', 'security'],
    ['Integrations', 'integrations'],
    ['Features', 'features'],
  ] as const) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`/#${id}$`));
    await expect(page.locator(`section#${id}`)).toBeInViewport();
    // The sticky header does not cover the section's heading.
    const heading = page.locator(`#${id}-title`);
    await expect(heading).toBeInViewport();
    expect((await heading.boundingBox())!.y).toBeGreaterThan(64);
  }

  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('sections: features, integrations, a ten-row comparison, security, and a closing call to action', async ({
  page,
}) => {
  await page.goto('/');
  const features = page.locator('section#features');
  await expect(features.getByText('Hybrid search that finds the meaning')).toBeVisible();
  await expect(features.getByText(`Answers in under ${SEARCH_P95_MS} ms (p95, 10,000 traces)`)).toBeVisible();
  await expect(features.getByText('Organised automatically')).toBeVisible();
  await expect(features.getByText('Self-hosted and offline')).toBeVisible();
  await expect(features.getByText('Set up in 2 minutes')).toBeVisible();

  // Spec section 1's integrations; Claude AI works today (OAuth connectors), so it is beta too.
  const integrations = page.locator('section#integrations').getByRole('listitem');
  await expect(integrations.getByRole('heading')).toHaveText([
    'ChatGPT',
    'Claude AI',
    'Claude Code CLI',
    'Cursor IDE',
    'REST API',
  ]);
  for (const item of await integrations.all()) await expect(item.getByText('Beta')).toBeVisible();

  const table = page.getByRole('table', { name: /Cairn compared with generic memory plugins/ });
  await expect(table.getByRole('columnheader')).toHaveText(['Feature', 'Cairn', 'Generic memory plugins']);
  await expect(table.locator('tbody tr')).toHaveCount(10);

  const security = page.locator('section#security');
  await expect(security.getByText('Row-level isolation')).toBeVisible();
  await expect(security.getByText('Hashed API keys with a visible prefix')).toBeVisible();
  await expect(security.getByText('What is not encrypted: your memory content')).toBeVisible();
  await expect(security.getByText(/passwords as argon2id hashes/)).toBeVisible();
  await expect(security.getByText('No training, no telemetry')).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Give your assistants a memory you own' })).toBeVisible();

  // Claims the original landing page made that are not true of Cairn.
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/end-to-end encryption/i);
  expect(text).not.toMatch(/\bSDK/);
  expect(text).not.toMatch(/under 200 ?ms/);
});

test('footer: product anchors, contact and source links, About and Terms & Privacy open real content', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('navigation', { name: 'Product' }).getByRole('link')).toHaveText([
    'Features',
    'Integrations',
    'Security',
    'Comparison',
  ]);
  await expect(footer.getByRole('link', { name: 'Source code' })).toHaveAttribute('href', SOURCE_URL);
  await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', CONTACT_URL);
  await expect(footer.getByText(`© ${new Date().getFullYear()} Cairn`)).toBeVisible();

  await footer.getByRole('button', { name: 'About' }).click();
  const about = page.getByRole('dialog', { name: 'About Cairn' });
  await expect(about).toBeVisible();
  await expect(about.getByText(/through the Model Context Protocol/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(about).toHaveCount(0);
  await expect(footer.getByRole('button', { name: 'About' })).toBeFocused();

  await footer.getByRole('button', { name: 'Terms & Privacy' }).click();
  const privacy = page.getByRole('dialog', { name: 'Terms & Privacy' });
  await expect(privacy.getByText('Your data stays on your server')).toBeVisible();
  await expect(privacy.getByText(/no telemetry/)).toBeVisible();
  await expect(privacy.getByText(/Only if the operator sets EMBEDDINGS_URL/)).toBeVisible();
  await privacy.getByRole('button', { name: 'Close' }).click();
  await expect(privacy).toHaveCount(0);

  await footer.getByRole('link', { name: 'Comparison' }).click();
  await expect(page).toHaveURL(/#comparison$/);
  await expect(page.locator('section#comparison')).toBeInViewport();
});

test('on a phone the header keeps Sign In and Get Started; the anchors move to the footer', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeInViewport();
  await expect(header.getByRole('link', { name: 'Get Started' })).toBeInViewport();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('unknown paths redirect: to /login when signed out, to the dashboard when signed in', async ({
  page,
  newUser,
  signIn,
}) => {
  for (const path of ['/no/such/page', '/app/no-such-page', '/features']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
  await signIn(await newUser());
  for (const path of [
    '/no/such/page',
    '/app/no-such-page',
    '/app/settings/no-such-page',
    '/app/mcp-setup/x',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  }
});
