// Real: the built server (embedded database) and Debian's Chromium. Faked: nothing.
import { expect, signInWithForm, test } from './support/fixtures.js';
import { startServer } from './support/server.js';

test('signs in with the form, shows the dashboard, and signs out for good', async ({ page, newUser }) => {
  const user = await newUser();
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await signInWithForm(page, user);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const name = user.email.split('@')[0]!;
  await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  await expect(page.getByText('Your AI memory hub is ready to enhance your conversations')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The session is revoked server-side: a reload does not bring it back.
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('shows "Signing in..." while busy and the server’s message when sign-in fails', async ({
  page,
  newUser,
}) => {
  const user = await newUser();
  await page.goto('/login');
  await page.route('**/api/auth/login', async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await signInWithForm(page, { ...user, password: 'wrong password' });
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  await expect(page.getByText('Invalid login credentials').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // Said under the field too, not only in a toast that passes far from the form.
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    /Invalid login credentials/,
  );
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  // Typing again clears it.
  await page.getByLabel('Password', { exact: true }).fill('another try');
  await expect(page.getByLabel('Password', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
});

test('"Forgot password?" says how a reset really happens (no e-mail) and makes no call', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // A first visit is not a return.
  await expect(page.getByRole('heading', { name: 'Sign in to Cairn' })).toBeVisible();
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(r.url());
  });
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const notice = page.getByRole('status');
  await expect(notice).toContainText('This server sends no e-mail, so ask its owner to reset your password.');
  await expect(notice).toContainText('npm run cairn -- user reset-password --email <your e-mail>');
  await expect(page.getByText(/check your email/i)).toHaveCount(0);
  expect(calls).toEqual([]);
});

test('a signed-out visit checks for a session without an error in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
  });
  const refreshed = page.waitForResponse('**/api/auth/refresh');
  await page.goto('/login');
  expect((await refreshed).status()).toBe(204);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('guards signed-in pages and returns to the page asked for after sign-in', async ({ page, newUser }) => {
  const user = await newUser();
  await page.goto('/app/traces');
  await expect(page).toHaveURL(/\/login\?next=%2Fapp%2Ftraces$/);
  await signInWithForm(page, user);
  await expect(page).toHaveURL(/\/app\/traces$/);
  await page.goto('/app');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('unknown paths send a signed-out visitor to /login', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
  // The redirect replaced the history entry: Back does not return to the unknown path.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('register: mismatched passwords are caught without a call; success signs the new person in', async ({
  page,
}) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/auth/register')) calls.push(r.url());
  });
  const email = `reg-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Confirm password').fill('something else');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  expect(calls).toEqual([]);

  await page.getByLabel('Confirm password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign up' }).click();
  // Signed in at once: nobody types the same e-mail and password twice in a row.
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(email.split('@')[0]!);
  await expect(page.getByText(/verif/i)).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('another horse battery');
  await page.getByLabel('Confirm password').fill('another horse battery');
  await page.getByRole('button', { name: 'Sign up' }).click();
  // A taken e-mail gets the same answer from the server as a new one (ADR 0022); the page cannot
  // sign in with a password that is not the account's, so it sends the person to sign in, and
  // says nothing about who has an account. The owner's own password still works.
  await expect(page.getByText('Account created. Sign in with your e-mail and password.')).toBeVisible();
  await expect(page.getByText(/already exists/i)).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test.describe('a fresh install with registration closed (the default)', () => {
  test('register says it is closed, with every field disabled; the owner is set up once', async ({
    browser,
  }) => {
    const server = await startServer();
    try {
      const page = await browser.newPage({ baseURL: server.url });
      await page.goto('/register');
      await expect(page.getByText('Registration is closed')).toBeVisible();
      await expect(page.getByRole('note')).toContainText(
        'The owner of this Cairn server creates accounts with npm run cairn -- user create.',
      );
      await expect(page.getByText(/soon/i)).toHaveCount(0);
      for (const label of ['Email', 'Confirm password']) await expect(page.getByLabel(label)).toBeDisabled();
      await expect(page.getByLabel('Password', { exact: true })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Sign up' })).toBeDisabled();

      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Set up Cairn' })).toBeVisible();
      await page.getByLabel('Email').fill('owner@example.com');
      await page.getByLabel('Password', { exact: true }).fill('owner password 1');
      await page.getByLabel('Confirm password').fill('owner password 1');
      await page.getByRole('button', { name: 'Create owner account' }).click();
      await expect(page).toHaveURL(/\/app\/dashboard$/);
      await expect(page.getByRole('heading', { name: /owner/ })).toBeVisible();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Set up Cairn' })).toHaveCount(0);
      // Nothing on /login leads to the closed registration page.
      await expect(page.getByRole('link', { name: /get started|sign up/i })).toHaveCount(0);
      await expect(
        page.getByText('No account? The owner of this Cairn server creates accounts.'),
      ).toBeVisible();
      await page.close();
    } finally {
      await server.stop();
    }
  });
});

test('two tabs stay signed in through concurrent refreshes, and signing out in one ends both', async ({
  context,
  newUser,
  signIn,
  page,
}) => {
  const user = await newUser();
  await signIn(user);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const second = await context.newPage();
  // Both tabs start at once, each reading its session from the one shared refresh cookie.
  await Promise.all([page.reload(), second.goto('/app/traces')]);
  await expect(page.getByText('Your AI memory hub is ready to enhance your conversations')).toBeVisible();
  await expect(second.getByRole('heading', { name: 'Memory Traces' })).toBeVisible();
  await Promise.all([page.reload(), second.reload()]);
  await expect(page.getByText('Your AI memory hub is ready to enhance your conversations')).toBeVisible();
  await expect(second.getByRole('heading', { name: 'Memory Traces' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login/);
});
