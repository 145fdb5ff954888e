// The traces list's sort: chosen in the toolbar, kept in the URL, applied to what a search finds
// after its ranked best matches (ADR 0026).
// Real: the built server, Debian's Chromium.
import { expect, test } from './support/fixtures.js';
import { cards } from './support/traces-page.js';

test('the list sorts by oldest and importance; the sort lives in the URL and applies to a search', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  // Created oldest first: Alpha, Bravo, Charlie, Delta.
  const { user } = await userWithTraces(
    { title: 'Alpha', content: 'Alpha note about the garden.', category: 'fact', importance: 'low' },
    { title: 'Bravo', content: 'Bravo note about the kitchen.', category: 'fact', importance: 'high' },
    { title: 'Charlie', content: 'Charlie note about the garden.', category: 'fact', importance: 'medium' },
    { title: 'Delta', content: 'Delta note about the garden.', category: 'fact', importance: 'high' },
  );
  await signIn(user, '/app/traces');
  const titles = cards(page).getByRole('heading');
  await expect(titles).toHaveText(['Delta', 'Charlie', 'Bravo', 'Alpha']);

  const sort = page.getByRole('combobox', { name: 'Sort' });
  await sort.click();
  await page.getByRole('option', { name: 'Oldest first' }).click();
  await expect(page).toHaveURL(/[?&]sort=oldest/);
  await expect(titles).toHaveText(['Alpha', 'Bravo', 'Charlie', 'Delta']);

  await sort.click();
  await page.getByRole('option', { name: 'Importance' }).click();
  await expect(page).toHaveURL(/[?&]sort=importance/);
  // High first; equal importance goes newest first.
  await expect(titles).toHaveText(['Delta', 'Bravo', 'Charlie', 'Alpha']);

  // With words in the box the best matches come first, ranked; what only contains the text follows
  // in the chosen sort. "arde" is inside "garden" but no word: every result is of the second kind.
  await page.getByPlaceholder('Search traces...').fill('arde');
  await expect(page).toHaveURL(/[?&]search=arde/);
  await expect(page.getByRole('combobox', { name: 'Sort what follows the best matches' })).toBeVisible();
  await expect(titles).toHaveText(['Delta', 'Charlie', 'Alpha']);

  // A reload shows the same list, and the select says which sort it is.
  await page.reload();
  await expect(titles).toHaveText(['Delta', 'Charlie', 'Alpha']);
  const sortWhileSearching = page.getByRole('combobox', { name: 'Sort what follows the best matches' });
  await expect(sortWhileSearching).toHaveText(/Importance/);

  // Back to newest: the URL drops the sort.
  await sortWhileSearching.click();
  await page.getByRole('option', { name: 'Newest first' }).click();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(titles).toHaveText(['Delta', 'Charlie', 'Alpha']);
});
