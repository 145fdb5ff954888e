// Real: the built server (embedded database), Debian's Chromium, an API key reading a trace the way
// an assistant does. Faked: nothing.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { apiAs } from './support/trace-api.js';

const tile = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Statistics' }).getByRole('listitem').filter({ hasText: label });

/** The number a tile shows (its lines are: label, number, hint). */
const tileValue = (page: Page, label: string) =>
  expect.poll(async () =>
    (await tile(page, label).innerText())
      .split('\n')
      .filter((l) => l.trim())[1]
      ?.trim(),
  );

test('greeting, four tiles, quick actions and the empty recent list', async ({ page, newUser, signIn }) => {
  const user = await newUser();
  await signIn(user);
  const name = user.email.split('@')[0]!;
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByText('Your AI memory hub is ready to enhance your conversations')).toBeVisible();
  for (const label of ['Total Traces', 'Added Today', 'Integrations', 'AI Queries']) {
    await tileValue(page, label).toBe('0');
  }
  await expect(tile(page, 'Added Today')).toContainText('Last 24 hours');

  const actions = page.getByRole('region', { name: 'Quick actions' });
  await expect(actions.getByRole('link', { name: /Add Memory Trace/ })).toHaveAttribute(
    'href',
    '/app/traces?create=true',
  );
  await expect(actions.getByRole('link', { name: /Connect AI Tool/ })).toHaveAttribute(
    'href',
    '/app/integrations',
  );
  await expect(actions.getByRole('link', { name: /Generate API Key/ })).toHaveAttribute(
    'href',
    '/app/settings/api-keys',
  );

  await expect(page.getByRole('heading', { name: 'Recent Traces' })).toBeVisible();
  await expect(page.getByText('No traces yet. Add your first memory to get started!')).toBeVisible();
  // Nothing to chart yet: the first-run checklist stands in its place (first-run.spec.ts).
  await expect(page.getByRole('region', { name: 'Get started' })).toBeVisible();
  await expect(page.getByRole('img', { name: /per day/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'View all' }).click();
  await expect(page).toHaveURL(/\/app\/traces$/);
});

test('after a create from "Add Memory Trace", the tiles, the chart and Recent Traces show it', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(await newUser());
  await tileValue(page, 'Total Traces').toBe('0');
  await page.getByRole('link', { name: /Add Memory Trace/ }).click();
  await expect(page).toHaveURL(/\/app\/traces$/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Create New Trace' })).toBeVisible();
  await dialog.getByLabel('Title').fill('Wedding anniversary');
  await dialog
    .getByLabel('Content')
    .fill('Our anniversary is on June 14; book the restaurant a week before.');
  await dialog.getByRole('button', { name: 'Create Trace' }).click();
  await expect(page.getByText('Trace created successfully!')).toBeVisible();

  await page.getByRole('complementary', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await tileValue(page, 'Total Traces').toBe('1');
  await tileValue(page, 'Added Today').toBe('1');
  const recent = page.getByRole('list', { name: 'Recent traces' });
  await expect(recent.getByRole('listitem')).toHaveCount(1);
  await expect(recent.getByRole('link', { name: 'Wedding anniversary' })).toBeVisible();
  await expect(recent).toContainText('Our anniversary is on June 14');
  await expect(recent).toContainText('just now');
  await expect(page.getByRole('img', { name: /Traces added per day/ })).toHaveAccessibleName(
    /1 trace added in the last 30 days/,
  );
});

test('Recent Traces lists the 5 newest (one written without a title shows the title drawn from its words); AI Queries counts assistant reads', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  const session = (await apiAs(request, user)).headers;
  const ids: string[] = [];
  for (let i = 1; i <= 7; i++) {
    const res = await request.post('/api/traces', {
      data: {
        ...(i === 7 ? {} : { title: `Memory ${i}` }),
        content: `Body of memory ${i}.`,
        category: 'fact',
      },
      headers: session,
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  // An assistant (API key) reads the newest trace twice: two AI queries.
  const keyRes = await request.post('/api/api-keys', {
    data: { name: 'assistant', permissions: ['read:traces'] },
    headers: session,
  });
  expect(keyRes.status(), await keyRes.text()).toBe(201);
  const { key } = (await keyRes.json()) as { key: string };
  for (let i = 0; i < 2; i++) {
    const read = await request.get(`/api/traces/${ids[6]}`, { headers: { authorization: `Bearer ${key}` } });
    expect(read.status()).toBe(200);
  }

  await signIn(user);
  const recent = page.getByRole('list', { name: 'Recent traces' });
  await expect(recent.getByRole('listitem')).toHaveCount(5);
  await expect(recent.getByRole('link')).toHaveText([
    'Body of memory 7',
    'Memory 6',
    'Memory 5',
    'Memory 4',
    'Memory 3',
  ]);
  await tileValue(page, 'Total Traces').toBe('7');
  await tileValue(page, 'AI Queries').toBe('2');
  await tileValue(page, 'Integrations').toBe('1');
  await expect(page.getByRole('img', { name: /AI queries per day/ })).toHaveAccessibleName(
    /2 AI queries in the last 30 days/,
  );

  await page.getByRole('link', { name: 'View all' }).click();
  await expect(page.getByRole('list', { name: 'Traces' }).getByText('2 views')).toBeVisible();
});

test('the dashboard passes axe’s WCAG A/AA checks, light and dark', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  const { headers } = await apiAs(request, user);
  await request.post('/api/traces', {
    data: { title: 'Tea', content: 'Prefers green tea.', category: 'preference' },
    headers,
  });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await signIn(user);
    await expect(page.getByRole('list', { name: 'Recent traces' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Traces added per day/ })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      violations.map((v) => `${colorScheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
});
