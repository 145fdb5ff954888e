// Creating, editing and deleting traces in the dialog. Real: the built server (embedded database,
// its categoriser, exact dedup and near-duplicate search), Debian's Chromium.
import { CATEGORIES, IMPORTANCES } from '../contract/traces.js';
import { expect, test } from './support/fixtures.js';
import { dialog, cards, choose } from './support/traces-page.js';

test('create with a title, category, importance and tags; "Creating..." while pending', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const { user, api } = await userWithTraces();
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

  const [saved] = (await api.list()).traces;
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
  // No title typed: the server draws one from the content's first sentence (ADR 0028).
  const drawn = 'I prefer window seats and vegetarian meals on long flights';
  await expect(card.getByRole('link', { name: drawn })).toBeVisible();
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
  await expect(page.getByRole('heading', { name: drawn })).toBeVisible();
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
  signIn,
  userWithTraces,
}) => {
  const {
    user,
    traces: [trace],
    api,
  } = await userWithTraces({
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
  expect(await api.get(trace!.id)).toMatchObject({
    title: 'Team standup',
    importance: 'medium',
    category: 'work',
    tags: ['meetings', 'team'],
  });
});

test('edit: "Auto" for category and importance has Cairn suggest them again', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const note = {
    title: 'Penicillin',
    content: 'I am allergic to penicillin; doctors must prescribe something else.',
  };
  // What Cairn suggests for these words, asked of another person's account (no duplicate).
  const {
    traces: [suggested],
  } = await userWithTraces({ ...note });
  const {
    user,
    traces: [trace],
    api,
  } = await userWithTraces({
    ...note,
    category: CATEGORIES.find((c) => c !== suggested!.category),
    importance: IMPORTANCES.find((i) => i !== suggested!.importance),
    tags: ['health'],
  });
  await signIn(user, '/app/traces');
  await page.getByRole('button', { name: 'Edit Penicillin' }).click();
  await choose(page, 'Category', 'Auto (let Cairn decide)');
  await choose(page, 'Importance', 'Auto (let Cairn decide)');
  const patch = page.waitForRequest((r) => r.method() === 'PATCH');
  await dialog(page).getByRole('button', { name: 'Save Changes' }).click();
  expect((await patch).postDataJSON()).toEqual({ category: 'auto', importance: 'auto' });
  await expect(page.getByText('Trace updated successfully!')).toBeVisible();
  const card = cards(page).first();
  await expect(card.getByText(suggested!.category, { exact: true })).toBeVisible();
  await expect(card.getByText(suggested!.importance)).toBeVisible();
  expect(await api.get(trace!.id)).toMatchObject({
    category: suggested!.category,
    importance: suggested!.importance,
    tags: ['health'],
  });
});

test('delete has no confirmation; the toast’s Undo takes the focus, restores the trace by keyboard and hands the focus to it', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const { user, api } = await userWithTraces(
    { title: 'Keep me', content: 'Passport expires in May.', category: 'fact', importance: 'high' },
    { title: 'Delete me', content: 'Old wifi password hint.', category: 'context', importance: 'low' },
  );
  await signIn(user, '/app/traces');
  await expect(cards(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete Delete me' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Trace deleted successfully!')).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Delete me' })).toHaveCount(0);
  await expect(page.getByText(/^1\s+trace$/)).toBeVisible();

  // The button that had focus is gone with its trace: focus goes to Undo, not to <body>.
  await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Trace restored')).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Delete me' })).toBeVisible();
  // Undo's toast goes away: focus moves to the trace it brought back, not to <body>.
  await expect(page.getByRole('link', { name: 'Delete me' })).toBeFocused();
  expect((await api.list()).totalCount).toBe(2);
});

test('near-duplicates in the create answer are listed with links, and the new one can be removed', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const {
    user,
    traces: [existing],
  } = await userWithTraces({
    title: 'Gym',
    content: 'Gym on Mondays and Thursdays at 7am, then breakfast.',
    category: 'personal',
  });
  await signIn(user, '/app/traces?create=true');
  await dialog(page).getByLabel('Content').fill('Gym on Mondays and Thursdays at 7am, breakfast after.');
  await dialog(page).getByRole('button', { name: 'Create Trace' }).click();
  await expect(page.getByText('Trace created successfully!')).toBeVisible();
  await expect(dialog(page).getByRole('heading', { name: 'Similar memories found' })).toBeVisible();
  const item = dialog(page).getByRole('list', { name: 'Similar memories' }).getByRole('link');
  await expect(item).toContainText('Gym');
  await expect(item).toContainText(/\d+% alike/);
  await expect(item).toHaveAttribute('href', `/app/traces/${existing!.id}`);

  await dialog(page).getByRole('button', { name: 'Remove the new one' }).click();
  await expect(page.getByText('Trace deleted successfully!')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Gym' })).toBeVisible();
});

test('closing the dialog with typed content asks first; focus goes back to the button that opened it', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(await newUser(), '/app/traces');
  const add = page.getByRole('button', { name: 'Add Trace' });
  // Nothing typed: Escape closes at once.
  await add.click();
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toHaveCount(0);
  await expect(add).toBeFocused();

  await add.click();
  await dialog(page).getByLabel('Content').fill('Half a thought about the garden');
  await page.keyboard.press('Escape');
  const confirm = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(dialog(page).getByLabel('Content')).toHaveValue('Half a thought about the garden');

  // A click on the overlay asks too.
  await page.mouse.click(5, 5);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(add).toBeFocused();
  await expect(page.getByRole('heading', { name: 'No traces yet' })).toBeVisible();
});
