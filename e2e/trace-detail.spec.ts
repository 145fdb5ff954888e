// The trace detail page, "Trace not found", and axe checks of the list, dialog and detail page.
// Real: the built server, Debian's Chromium.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './support/fixtures.js';
import { dialog, cards, choose } from './support/traces-page.js';

test('detail page: badges, tags, line breaks, Created/Updated, edit and delete, Back to Traces', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const {
    user,
    traces: [trace],
  } = await userWithTraces({
    title: 'Allergies',
    content: 'Penicillin: severe.\nPeanuts: mild.\n\nCarry the pen.',
    category: 'personal',
    importance: 'high',
    tags: ['health', 'allergy'],
  });
  await signIn(user, '/app/traces');
  await cards(page).first().getByRole('link', { name: 'Allergies' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/traces/${trace!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Allergies' })).toBeVisible();
  await expect(page.getByText('personal', { exact: true })).toBeVisible();
  await expect(page.getByText('high importance')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    '#health',
    '#allergy',
  ]);
  // Line breaks are kept; a blank line starts a new paragraph (Markdown, ADR 0024).
  const body = page.getByText('Penicillin: severe.');
  expect(await body.evaluate((el) => (el as HTMLElement).innerText)).toBe(
    'Penicillin: severe.\nPeanuts: mild.',
  );
  await expect(page.getByText('Carry the pen.')).toBeVisible();
  await expect(page.getByText('Created', { exact: true })).toBeVisible();
  await expect(page.getByText('Updated', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit' }).click();
  await choose(page, 'Importance', 'medium');
  await dialog(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Trace updated successfully!')).toBeVisible();
  await expect(page.getByText('medium importance')).toBeVisible();
  await expect(page.getByText('Updated', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Trace deleted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/traces$/);
  await expect(page.getByRole('heading', { name: 'No traces yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('link', { name: 'Allergies' })).toBeVisible();
  await page.getByRole('link', { name: 'Allergies' }).click();
  await page.getByRole('link', { name: 'Back to Traces' }).click();
  await expect(page).toHaveURL(/\/app\/traces$/);
});

test('content renders as safe Markdown: links open apart, code blocks, and HTML shown as text', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const {
    user,
    traces: [trace],
  } = await userWithTraces({
    title: 'Deploy notes',
    content: [
      'Read **the runbook** at [our wiki](https://wiki.example.org/deploy) first.',
      '',
      '- build',
      '- ship',
      '',
      '```',
      'npm run build',
      '```',
      '',
      '<img src=x onerror="window.pwned=1"> and [bad](javascript:alert(1))',
    ].join('\n'),
    category: 'work',
  });
  await signIn(user, `/app/traces/${trace!.id}`);
  const link = page.getByRole('link', { name: 'our wiki' });
  await expect(link).toHaveAttribute('href', 'https://wiki.example.org/deploy');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.locator('strong', { hasText: 'the runbook' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'ship' })).toBeVisible();
  await expect(page.locator('pre code')).toHaveText('npm run build');
  // Raw HTML is text, and a javascript: link is not a link.
  await expect(page.getByText('<img src=x onerror="window.pwned=1">', { exact: false })).toBeVisible();
  await expect(page.getByRole('main').locator('img')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'bad' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();

  // The card shows the same Markdown in two lines, and its link is clickable above the card.
  await page.goto('/app/traces');
  await expect(cards(page).first().getByRole('link', { name: 'our wiki' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
});

test('"Trace not found" for an unknown id, a malformed one and another user’s trace', async ({
  page,
  newUser,
  signIn,
  userWithTraces,
}) => {
  const {
    traces: [other],
  } = await userWithTraces({ content: 'Not yours.', category: 'fact' });
  await signIn(await newUser(), '/app/traces/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Trace not found')).toBeVisible();
  await page.goto('/app/traces/not-an-id');
  await expect(page.getByText('Trace not found')).toBeVisible();
  await page.goto(`/app/traces/${other!.id}`);
  await expect(page.getByText('Trace not found')).toBeVisible();
  await expect(page.getByText('Not yours.')).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Traces' }).click();
  await expect(page.getByRole('heading', { name: 'Memory Traces' })).toBeVisible();
});

test('the list (cards and table), the dialog and the detail page pass axe’s WCAG A/AA checks, light and dark', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  // Eight axe runs (four views, two themes): on a busy machine that outlasts 60 s.
  test.slow();
  const {
    user,
    traces: [trace],
  } = await userWithTraces(
    {
      title: 'Allergies',
      content: 'Penicillin: severe.',
      category: 'personal',
      importance: 'high',
      tags: ['health'],
    },
    { content: 'Prefers tea.', category: 'preference', importance: 'low' },
    {
      title: 'Deadline',
      content: 'Report due Friday.',
      category: 'work',
      importance: 'medium',
      tags: ['a', 'b', 'c', 'd'],
    },
  );
  const check = async (what: string) => {
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  };
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await signIn(user, '/app/traces?view=cards');
    await expect(cards(page)).toHaveCount(3);
    await check(`${colorScheme} cards`);
    await page.getByRole('radio', { name: 'Table' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await check(`${colorScheme} table`);
    await page.getByRole('button', { name: 'Add Trace' }).click();
    await dialog(page).getByRole('button', { name: 'Create Trace' }).click();
    await expect(dialog(page).getByText('Content is required')).toBeVisible();
    await check(`${colorScheme} dialog`);
    await page.goto(`/app/traces/${trace!.id}`);
    await expect(page.getByRole('heading', { name: 'Allergies' })).toBeVisible();
    await check(`${colorScheme} detail`);
  }
});
