// Real: the built server (embedded database, its categoriser, exact dedup), Debian's Chromium.
// Faked: one create answer gets a `similar` list added in the browser (page.route), because the
// near-duplicate search that fills it is not on this branch; everything else is the server's.
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { CreateTraceRequest, Trace } from '../contract/traces.js';
import { expect, test, type TestUser } from './support/fixtures.js';

/** Signs in through the API (a second session beside the page's) for setting up data. */
async function apiAs(request: APIRequestContext, user: TestUser) {
  const res = await request.post('/api/auth/login', { data: user });
  expect(res.status()).toBe(200);
  const { access_token } = (await res.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  return {
    /** Creates traces one after another, so the last is the newest. */
    async create(...traces: CreateTraceRequest[]): Promise<Trace[]> {
      const out: Trace[] = [];
      for (const data of traces) {
        const r = await request.post('/api/traces', { data, headers });
        expect(r.status(), await r.text()).toBe(201);
        out.push((await r.json()) as Trace);
      }
      return out;
    },
    async get(id: string): Promise<Trace> {
      const r = await request.get(`/api/traces/${id}`, { headers });
      expect(r.status()).toBe(200);
      return (await r.json()) as Trace;
    },
    async list(query = ''): Promise<{ traces: Trace[]; totalCount: number }> {
      const r = await request.get(`/api/traces${query}`, { headers });
      return (await r.json()) as { traces: Trace[]; totalCount: number };
    },
  };
}

const dialog = (page: Page) => page.getByRole('dialog');
const cards = (page: Page) =>
  page
    .getByRole('list', { name: 'Traces' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') });

async function choose(page: Page, label: string, option: string) {
  await dialog(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('create with a title, category, importance and tags; "Creating..." while pending', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  await signIn(user, '/app/traces');
  await expect(page.getByRole('heading', { name: 'Memory Traces' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No traces yet' })).toBeVisible();
  await expect(page.getByText('Last updated: N/A')).toBeVisible();

  await page.getByRole('button', { name: 'Add Trace' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Create New Trace' })).toBeVisible();
  await expect(dialog(page).getByRole('combobox', { name: 'Category' })).toHaveText(/Auto/);
  await dialog(page).getByLabel('Title').fill('Flight to Lisbon');
  await dialog(page).getByLabel('Content').fill('Flight TP 1351 leaves at 9:40 from terminal 1.');
  await choose(page, 'Category', 'personal');
  await choose(page, 'Importance', 'high');
  await dialog(page).getByLabel('Tags').fill('travel, , Lisbon ,');

  // Hold the answer back a moment so the pending state can be seen.
  await page.route('**/api/traces', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await dialog(page).getByRole('button', { name: 'Create Trace' }).click();
  await expect(dialog(page).getByRole('button', { name: 'Creating...' })).toBeDisabled();
  await expect(page.getByText('Trace created successfully!')).toBeVisible();
  await expect(dialog(page)).toBeHidden();

  const card = cards(page).first();
  await expect(card.getByRole('link', { name: 'Flight to Lisbon' })).toBeVisible();
  await expect(card.getByText('personal', { exact: true })).toBeVisible();
  await expect(card.getByText('high')).toBeVisible();
  await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    '#travel',
    '#lisbon',
  ]);
  await expect(page.getByText(/^1\s+trace$/)).toBeVisible();
  await expect(page.getByText(/^Last updated: (?!N\/A)/)).toBeVisible();

  const [saved] = (await (await apiAs(request, user)).list()).traces;
  expect(saved).toMatchObject({
    title: 'Flight to Lisbon',
    category: 'personal',
    importance: 'high',
    tags: ['travel', 'lisbon'],
  });
});

test('create without a title: "Content is required" first (no call), then Cairn categorises it; a repeat shows the existing one', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(await newUser(), '/app/traces');
  await page.getByRole('button', { name: 'Create your first trace' }).click();
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/traces') && posts.push(r.url()));

  await dialog(page).getByRole('button', { name: 'Create Trace' }).click();
  await expect(dialog(page).getByText('Content is required')).toBeVisible();
  await dialog(page).getByLabel('Content').fill('   ');
  await dialog(page).getByRole('button', { name: 'Create Trace' }).click();
  await expect(dialog(page).getByText('Content is required')).toBeVisible();
  expect(posts).toEqual([]);

  const content = 'I prefer window seats and vegetarian meals on long flights.';
  await dialog(page).getByLabel('Content').fill(content);
  await dialog(page).getByRole('button', { name: 'Create Trace' }).click();
  await expect(page.getByText('Trace created successfully!')).toBeVisible();
  const card = cards(page).first();
  await expect(card.getByRole('link', { name: 'Untitled Trace' })).toBeVisible();
  await expect(card.getByText(content)).toBeVisible();
  // "Auto": the server chose a category and suggested tags.
  await expect(card.getByText(/^(personal|work|preference|fact|context)$/)).toBeVisible();
  await expect(card.getByRole('list', { name: 'Tags' }).getByRole('listitem').first()).toBeVisible();

  await page.getByRole('button', { name: 'Add Trace' }).click();
  await dialog(page).getByLabel('Content').fill(`  ${content.toUpperCase()} `);
  await dialog(page).getByRole('button', { name: 'Create Trace' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Already in your memories' })).toBeVisible();
  await expect(
    dialog(page).getByText(/You already have this memory, so nothing new was added/),
  ).toBeVisible();
  await expect(dialog(page).getByText(content)).toBeVisible();
  await dialog(page).getByRole('link', { name: 'Open memory' }).click();
  await expect(page).toHaveURL(/\/app\/traces\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Untitled Trace' })).toBeVisible();
  await page.goBack();
  await expect(page.getByText(/^1\s+trace$/)).toBeVisible();
});

test('a server refusal is shown readably: "Failed to create trace: {message}"', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(await newUser(), '/app/traces?create=true');
  await dialog(page).getByLabel('Content').fill('x'.repeat(20_001));
  await dialog(page).getByRole('button', { name: 'Create Trace' }).click();
  await expect(
    page.getByText('Failed to create trace: Content must be at most 20,000 characters'),
  ).toBeVisible();
  await expect(dialog(page).getByRole('alert')).toHaveText('Content must be at most 20,000 characters');
  await expect(dialog(page)).toBeVisible();
});

test('edit: the dialog shows the stored values and "Save Changes" sends the change', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  const [trace] = await (
    await apiAs(request, user)
  ).create({
    title: 'Standup',
    content: 'Daily standup at 9:15.',
    category: 'work',
    importance: 'low',
    tags: ['meetings', 'team'],
  });
  await signIn(user, '/app/traces');
  await page.getByRole('button', { name: 'Edit Standup' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Edit Trace' })).toBeVisible();
  await expect(dialog(page).getByLabel('Title')).toHaveValue('Standup');
  await expect(dialog(page).getByLabel('Content')).toHaveValue('Daily standup at 9:15.');
  await expect(dialog(page).getByRole('combobox', { name: 'Category' })).toHaveText('work');
  await expect(dialog(page).getByRole('combobox', { name: 'Importance' })).toHaveText('low');
  await expect(dialog(page).getByLabel('Tags')).toHaveValue('meetings, team');

  await dialog(page).getByLabel('Title').fill('Team standup');
  await dialog(page).getByLabel('Content').fill('Daily standup moved to 9:30.');
  await choose(page, 'Importance', 'medium');
  await page.route(`**/api/traces/${trace!.id}`, async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await dialog(page).getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog(page).getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(page.getByText('Trace updated successfully!')).toBeVisible();
  await expect(cards(page).first().getByRole('link', { name: 'Team standup' })).toBeVisible();
  await expect(cards(page).first().getByText('Daily standup moved to 9:30.')).toBeVisible();
  expect(await (await apiAs(request, user)).get(trace!.id)).toMatchObject({
    title: 'Team standup',
    importance: 'medium',
    category: 'work',
    tags: ['meetings', 'team'],
  });
});

test('delete has no confirmation; the toast’s Undo restores the trace', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  await (
    await apiAs(request, user)
  ).create(
    { title: 'Keep me', content: 'Passport expires in May.', category: 'fact', importance: 'high' },
    { title: 'Delete me', content: 'Old wifi password hint.', category: 'context', importance: 'low' },
  );
  await signIn(user, '/app/traces');
  await expect(cards(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete Delete me' }).click();
  await expect(page.getByText('Trace deleted successfully!')).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Delete me' })).toHaveCount(0);
  await expect(page.getByText(/^1\s+trace$/)).toBeVisible();

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Trace restored')).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Delete me' })).toBeVisible();
  expect((await (await apiAs(request, user)).list()).totalCount).toBe(2);
});

test('filter by category and search (debounced); both live in the URL and survive a reload', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  await (
    await apiAs(request, user)
  ).create(
    {
      title: 'Dentist',
      content: 'Dentist appointment on Friday at 3pm.',
      category: 'personal',
      importance: 'medium',
    },
    {
      title: 'Quarterly report',
      content: 'Report due to finance on the 30th.',
      category: 'work',
      importance: 'high',
    },
    {
      title: 'Release checklist',
      content: 'Tag, build, smoke test, announce.',
      category: 'work',
      importance: 'medium',
    },
    { title: 'Coffee', content: 'Flat white, no sugar.', category: 'preference', importance: 'low' },
  );
  await signIn(user, '/app/traces');
  await expect(cards(page)).toHaveCount(4);

  await page.getByRole('combobox', { name: 'Category' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'All Categories',
    'personal',
    'work',
    'preference',
    'fact',
    'context',
  ]);
  await page.getByRole('option', { name: 'work' }).click();
  await expect(page).toHaveURL(/[?&]category=work/);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByText(/^2\s+traces$/)).toBeVisible();

  await page.getByPlaceholder('Search traces...').fill('REPORT');
  await expect(page).toHaveURL(/[?&]search=REPORT/);
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Quarterly report' })).toBeVisible();

  await page.reload();
  await expect(page.getByPlaceholder('Search traces...')).toHaveValue('REPORT');
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('work');
  await expect(cards(page)).toHaveCount(1);

  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'All Categories' }).click();
  await page.getByPlaceholder('Search traces...').fill('friday');
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Dentist' })).toBeVisible();

  await page.getByPlaceholder('Search traces...').fill('nothing like this');
  await expect(page.getByRole('heading', { name: 'No traces match' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(cards(page)).toHaveCount(4);
  await expect(page).toHaveURL(/\/app\/traces$/);
});

test('paginates 30 traces 12 at a time, page in the URL, back to page 1 when the search changes', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  const api = await apiAs(request, user);
  await api.create(
    ...Array.from({ length: 30 }, (_, i) => ({
      title: `Note ${String(i + 1).padStart(2, '0')}`,
      content: `Numbered note ${i + 1} for paging.`,
      category: 'context' as const,
      importance: 'medium' as const,
    })),
  );
  await signIn(user, '/app/traces');
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(page.getByText('Showing 1 to 12 of 30 results')).toBeVisible();
  await expect(cards(page)).toHaveCount(12);
  await expect(cards(page).first().getByRole('link')).toHaveText('Note 30');
  await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveText(['1', '2', '3']);
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Showing 13 to 24 of 30 results')).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=2/);
  await pager.getByRole('button', { name: 'Page 3' }).click();
  await expect(page.getByText('Showing 25 to 30 of 30 results')).toBeVisible();
  await expect(cards(page)).toHaveCount(6);
  await expect(cards(page).last().getByRole('link')).toHaveText('Note 01');
  await expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled();

  await page.reload();
  await expect(page.getByText('Showing 25 to 30 of 30 results')).toBeVisible();

  await page.getByPlaceholder('Search traces...').fill('note 1');
  await expect(page).not.toHaveURL(/page=/);
  // "note 1" matches Note 01 and Note 10–19 in titles, and "note 1…" in contents: 11 traces, one page.
  await expect(page.getByText('Showing 1 to 11 of 11 results')).toBeVisible();
  await expect(pager).toBeHidden();
});

test('cards and table views; the choice is remembered after a reload', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  const long = 'A'.repeat(100) + 'BEYOND';
  await (
    await apiAs(request, user)
  ).create({
    title: 'Tagged',
    content: long,
    category: 'fact',
    importance: 'high',
    tags: ['one', 'two', 'three', 'four', 'five'],
  });
  await signIn(user, '/app/traces');
  await expect(page.getByRole('radio', { name: 'Cards' })).toHaveAttribute('aria-checked', 'true');
  await expect(cards(page)).toHaveCount(1);

  await page.getByRole('radio', { name: 'Table' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Title & Content',
    'Category',
    'Importance',
    'Tags',
    'Created',
    'Views',
    'Actions',
  ]);
  const row = table.getByRole('row').nth(1);
  await expect(row.getByText(`${'A'.repeat(100)}...`, { exact: true })).toBeVisible();
  await expect(row.getByText('BEYOND')).toHaveCount(0);
  await expect(row.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    '#one',
    '#two',
    '#three',
    '+2 more',
  ]);
  await expect(row.getByRole('cell').nth(5)).toHaveText('0');
  await expect(row.getByRole('button', { name: 'Edit Tagged' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete Tagged' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]view=table/);

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Table' })).toHaveAttribute('aria-checked', 'true');
  await page.goto('/app/traces');
  await expect(page.getByRole('table')).toBeVisible();

  // A phone keeps the columns that matter and drops the rest.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table.getByRole('columnheader', { name: 'Tags' })).toBeHidden();
  await expect(table.getByRole('columnheader', { name: 'Views' })).toBeHidden();
  await expect(table.getByRole('columnheader', { name: 'Actions' })).toBeVisible();

  await page.getByRole('radio', { name: 'Cards' }).click();
  await page.reload();
  await expect(cards(page)).toHaveCount(1);
});

test('?create=true opens the create dialog and is removed from the URL', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(await newUser(), '/app/traces?create=true');
  await expect(dialog(page).getByRole('heading', { name: 'Create New Trace' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/traces$/);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog(page)).toBeHidden();
});

test('detail page: badges, tags, line breaks, Created/Updated, edit and delete, Back to Traces', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  const [trace] = await (
    await apiAs(request, user)
  ).create({
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
  const body = page.getByText('Penicillin: severe.');
  expect(await body.evaluate((el) => (el as HTMLElement).innerText)).toBe(
    'Penicillin: severe.\nPeanuts: mild.\n\nCarry the pen.',
  );
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

test('"Trace not found" for an unknown id, a malformed one and another user’s trace', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const [other] = await (
    await apiAs(request, await newUser())
  ).create({ content: 'Not yours.', category: 'fact' });
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

test('near-duplicates in the create answer are listed with links, and the new one can be removed', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  const [existing] = await (
    await apiAs(request, user)
  ).create({
    title: 'Gym',
    content: 'Gym on Mondays and Thursdays at 7.',
    category: 'personal',
  });
  await signIn(user, '/app/traces?create=true');
  // The search branch fills `similar`; until it is merged, add it to the server's real answer.
  await page.route('**/api/traces', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    body.similar = [{ id: existing!.id, title: 'Gym', snippet: existing!.content, similarity: 0.91 }];
    await route.fulfill({ response, json: body });
  });
  await dialog(page).getByLabel('Content').fill('Gym every Monday and Thursday, 7am.');
  await dialog(page).getByRole('button', { name: 'Create Trace' }).click();
  await expect(page.getByText('Trace created successfully!')).toBeVisible();
  await expect(dialog(page).getByRole('heading', { name: 'Similar memories found' })).toBeVisible();
  const item = dialog(page).getByRole('list', { name: 'Similar memories' }).getByRole('link');
  await expect(item).toContainText('Gym');
  await expect(item).toContainText('91% alike');
  await expect(item).toHaveAttribute('href', `/app/traces/${existing!.id}`);

  await dialog(page).getByRole('button', { name: 'Remove the new one' }).click();
  await expect(page.getByText('Trace deleted successfully!')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Gym' })).toBeVisible();
});

// Conditional rather than fixme: on a server without POST /api/search (this branch) the mode must
// say so clearly; once search is merged the same test checks the ranked answer instead.
test('"Best match" ranks by relevance, or says clearly that the server cannot', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  await (
    await apiAs(request, user)
  ).create(
    {
      title: 'Dentist',
      content: 'Dentist appointment on Friday at 3pm with Dr. Alves.',
      category: 'personal',
    },
    { title: 'Groceries', content: 'Buy oat milk and apples.', category: 'context' },
  );
  const login = await request.post('/api/auth/login', { data: user });
  const { access_token } = (await login.json()) as { access_token: string };
  const probe = await request.post('/api/search', {
    data: { query: 'dentist' },
    headers: { authorization: `Bearer ${access_token}` },
  });

  await signIn(user, '/app/traces');
  await page.getByRole('radio', { name: 'Best match' }).click();
  await expect(page).toHaveURL(/[?&]order=best/);
  await expect(page.getByRole('heading', { name: 'Rank your memories by relevance' })).toBeVisible();
  await page.getByPlaceholder('Search traces...').fill('when is my dentist appointment');

  if (probe.status() === 404) {
    await expect(
      page.getByRole('heading', { name: 'Ranked search is not available on this server' }),
    ).toBeVisible();
  } else {
    expect(probe.status()).toBe(200);
    const results = page.getByRole('list', { name: 'Ranked results' }).getByRole('listitem');
    await expect(results.first().getByRole('link', { name: 'Dentist' })).toBeVisible();
    await expect(results.first()).toContainText(/Score \d/);
    await expect(results.first()).toContainText(/matched by (words|meaning)/);
  }
  // "Newest" is still the spec's list.
  await page.getByRole('radio', { name: 'Newest' }).click();
  await expect(page).not.toHaveURL(/order=/);
  await expect(page.getByText(/^\d+\s+traces?$/)).toBeVisible();
});

test('the list (cards and table), the dialog and the detail page pass axe’s WCAG A/AA checks, light and dark', async ({
  page,
  request,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  const [trace] = await (
    await apiAs(request, user)
  ).create(
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
