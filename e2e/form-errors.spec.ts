// Real: the built server (embedded database) and Debian's Chromium. Faked: nothing. A field's
// error is found through the field's own accessible description (aria-describedby), so the test
// proves it sits under that field and not under another.
import { expect, test } from './support/fixtures.js';

test("sign-up: the contract's rules show under the field they are about, before any request", async ({
  page,
}) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/register')) calls.push(r.url());
  });
  await page.goto('/register');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  const confirm = page.getByLabel('Confirm password');
  await email.fill('not-an-email');
  await password.fill('short');
  await confirm.fill('short');
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(email).toHaveAccessibleDescription('Enter a valid email address');
  await expect(password).toHaveAccessibleDescription(/Password should be at least 8 characters/);
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(confirm).not.toHaveAttribute('aria-invalid');
  expect(calls).toEqual([]);

  // Editing a field clears its error only.
  await password.fill('long enough now');
  await expect(password).not.toHaveAttribute('aria-invalid');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
});

test('password change: a wrong current password shows under "Current password", the same password under "New password"', async ({
  page,
  newUser,
  signIn,
}) => {
  const user = await newUser();
  await signIn(user, '/app/settings');
  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password');

  // The server's answer (incorrect_password, details path current_password) lands under its field.
  await current.fill('not my password');
  await next.fill('a brand new secret');
  await confirm.fill('a brand new secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(current).toHaveAccessibleDescription('Current password is incorrect');
  await expect(next).not.toHaveAttribute('aria-invalid');
  await expect(confirm).not.toHaveAttribute('aria-invalid');

  // The same password again is refused by the form, as the server would (same_password).
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/password')) calls.push(r.url());
  });
  await current.fill(user.password);
  await next.fill(user.password);
  await confirm.fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(next).toHaveAccessibleDescription(/The new password must differ from the current one/);
  await expect(current).not.toHaveAttribute('aria-invalid');
  expect(calls).toEqual([]);

  // A mismatched confirmation shows under the confirmation.
  await next.fill('another new secret');
  await confirm.fill('something else');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(confirm).toHaveAccessibleDescription('Passwords do not match');
  expect(calls).toEqual([]);
});
