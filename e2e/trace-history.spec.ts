// A trace's history on its detail page (ADR 0033): two edits through the dialog, the History
// section listing them, and a restore that asks first and brings the first text back.
// Real: the built server (embedded database), Debian's Chromium.
import { expect, test } from './support/fixtures.js';
import { dialog } from './support/traces-page.js';

test('edit a trace twice, open its history, restore the first version', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const {
    user,
    traces: [trace],
    api,
  } = await userWithTraces({ title: 'Office', content: 'The office is in Paris.', category: 'work' });
  await signIn(user, `/app/traces/${trace!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Office' })).toBeVisible();
  await expect(page.getByText('Created by', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'History' })).toHaveCount(0);

  for (const city of ['Berlin', 'Lisbon']) {
    await page.getByRole('button', { name: 'Edit' }).click();
    await dialog(page).getByLabel('Content').fill(`The office is in ${city}.`);
    await dialog(page).getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Trace updated successfully!').first()).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByText(`The office is in ${city}.`, { exact: true })).toBeVisible();
  }

  const history = page.getByRole('list', { name: 'Earlier versions' });
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('The office is in Berlin.');
  await expect(history.getByRole('listitem').last()).toContainText('The office is in Paris.');
  await expect(history.getByRole('listitem').last()).toContainText('by the web app: content');

  await page.getByRole('button', { name: 'Restore version 1' }).click();
  const alert = page.getByRole('alertdialog', { name: 'Restore version 1?' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Version 1 restored')).toBeVisible();
  await expect(alert).toBeHidden();
  // The page reads Paris again: once in the trace itself, once as version 1.
  await expect(page.getByText('The office is in Paris.', { exact: true })).toHaveCount(2);
  // The text it replaced is kept: three versions now, the newest the Lisbon one.
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').first()).toContainText('The office is in Lisbon.');
  expect((await api.get(trace!.id)).content).toBe('The office is in Paris.');
});
