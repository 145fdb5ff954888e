// A memory a newer one replaced (ADR 0034): the outdated badge, the "Replaced by" banner with its
// link, the newer one's "Replaces" with a link back, and "Mark as current". Real: the built
// server, Debian's Chromium.
import { expect, test } from './support/fixtures.js';
import { cards } from './support/traces-page.js';

test('a superseded trace shows what replaced it, and can be marked current again', async ({
  page,
  request,
  signIn,
  userWithTraces,
}) => {
  const {
    user,
    api,
    traces: [heroku],
  } = await userWithTraces({ title: 'API hosting', content: 'The API is deployed on Heroku.' });
  const res = await request.post('/api/traces', {
    headers: api.headers,
    data: {
      title: 'Moved to Fly.io',
      content: 'We migrated the API from Heroku to Fly.io.',
      supersedes: [heroku!.id],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const fly = (await res.json()) as { id: string };

  await signIn(user, '/app/traces');
  const oldCard = cards(page).filter({ hasText: 'API hosting' });
  await expect(oldCard.getByTestId('superseded-badge')).toHaveText('Outdated');
  await expect(
    cards(page).filter({ hasText: 'Moved to Fly.io' }).getByTestId('superseded-badge'),
  ).toHaveCount(0);

  await oldCard.getByRole('link', { name: 'API hosting' }).click();
  const banner = page.getByTestId('superseded-banner');
  await expect(banner).toContainText('Replaced by Moved to Fly.io');
  await banner.getByRole('link', { name: 'Moved to Fly.io' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/traces/${fly.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Moved to Fly.io' })).toBeVisible();
  await expect(page.getByTestId('superseded-banner')).toHaveCount(0);

  // The newer one names what it replaced, a link back to it.
  const replaces = page.getByRole('region', { name: 'Replaces' });
  await expect(replaces.getByRole('link')).toHaveText(['API hosting']);
  await replaces.getByRole('link', { name: 'API hosting' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/traces/${heroku!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'API hosting' })).toBeVisible();

  await page.getByRole('button', { name: 'Mark as current' }).click();
  await expect(page.getByText('Marked as current: it is found by search again')).toBeVisible();
  await expect(page.getByTestId('superseded-banner')).toHaveCount(0);
  await expect(page.getByTestId('superseded-badge')).toHaveCount(0);
  expect((await api.get(heroku!.id)).superseded_at).toBeNull();

  // Current again: the newer one no longer lists it.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Moved to Fly.io' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Replaces' })).toHaveCount(0);
});
