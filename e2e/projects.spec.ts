// Projects in the web app (ADR 0029, issue 27): create one on the Projects page, filter the list by
// it (kept in the URL), move a trace there from its detail page and several at once from the bulk
// bar, the project's badge on the cards, pin a trace, per-project counts on the dashboard, and
// delete a project keeping its traces as personal; Personal only and the Created by filter, kept
// through Back. Real: the built server, Debian's Chromium.
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './support/fixtures.js';
import { cards } from './support/traces-page.js';

test('create a project, move traces into it, filter the list by it, see its badge and counts', async ({
  page,
  signIn,
  userWithTraces,
}) => {
  const { user, api, traces } = await userWithTraces(
    { title: 'Alpha', content: 'Alpha note.', category: 'fact' },
    { title: 'Bravo', content: 'Bravo note.', category: 'fact' },
    { title: 'Charlie', content: 'Charlie note.', category: 'fact' },
  );
  const [alpha] = traces;

  // Create a project on the Projects page (reached from the traces list).
  await signIn(user, '/app/traces');
  await page.getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'New project name' }).fill('acme/api');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByText('Project acme/api created')).toBeVisible();
  const projectList = page.getByRole('list', { name: 'Projects' });
  await expect(projectList.getByRole('listitem').filter({ hasText: 'acme/api' })).toContainText('0 traces');

  // Move Alpha there from its detail page; pin it too.
  await page.goto(`/app/traces/${alpha!.id}`);
  await expect(page.getByRole('heading', { name: 'Alpha', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Move to project' }).click();
  await page.getByRole('option', { name: 'acme/api', exact: true }).click();
  await expect(page.getByText('Moved to acme/api')).toBeVisible();
  await expect(page.getByTestId('project-badge')).toHaveText('Project acme/api');
  await page.getByRole('button', { name: 'Pin' }).click();
  await expect(page.getByRole('button', { name: 'Unpin' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Pinned' })).toBeVisible();
  const moved = await api.get(alpha!.id);
  expect(moved.project).toBe('acme/api');
  expect(moved.pinned).toBe(true);

  // The card shows the badge; the other traces have none.
  await page.goto('/app/traces');
  const titles = cards(page).getByRole('heading');
  await expect(titles).toHaveText(['Charlie', 'Bravo', 'Alpha']);
  await expect(cards(page).filter({ hasText: 'Alpha' }).getByTestId('project-badge')).toHaveText(
    'Project acme/api',
  );
  await expect(cards(page).filter({ hasText: 'Bravo' }).getByTestId('project-badge')).toHaveCount(0);

  // The switcher filters the list, and the URL keeps the choice through a reload.
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: 'acme/api', exact: true }).click();
  await expect(page).toHaveURL(/project=acme%2Fapi/);
  await expect(titles).toHaveText(['Alpha']);
  await page.reload();
  await expect(titles).toHaveText(['Alpha']);
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveText('acme/api');

  // Back to all, then move Bravo and Charlie in bulk.
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: 'All projects' }).click();
  await expect(titles).toHaveText(['Charlie', 'Bravo', 'Alpha']);
  await page.getByRole('checkbox', { name: 'Select Bravo' }).check();
  await page.getByRole('checkbox', { name: 'Select Charlie' }).check();
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await bar.getByRole('combobox', { name: 'Move selected to project' }).click();
  await page.getByRole('option', { name: 'acme/api', exact: true }).click();
  await expect(page.getByText('2 traces moved to acme/api')).toBeVisible();
  await expect(cards(page).getByTestId('project-badge')).toHaveCount(3);
  expect((await api.list('?project=acme%2Fapi&project_only=true')).totalCount).toBe(3);

  // The dashboard counts them.
  await page.goto('/app/dashboard');
  const counts = page.getByRole('list', { name: 'Projects' });
  await expect(counts.getByRole('listitem').filter({ hasText: 'acme/api' })).toContainText('3');
  await expect(counts.getByRole('listitem').filter({ hasText: 'Personal' })).toContainText('0');

  // Deleting the project keeps its traces, as personal (the default choice).
  await page.getByRole('link', { name: 'Manage' }).click();
  await page.getByRole('button', { name: 'Delete acme/api' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('radio', { name: 'Move them to personal' })).toBeChecked();
  await confirm.getByRole('button', { name: 'Delete project' }).click();
  await expect(page.getByText('acme/api deleted; 3 traces moved to personal')).toBeVisible();
  expect((await api.list()).traces.map((t) => t.project)).toEqual([null, null, null]);
});

test('rename and archive a project; delete one with its traces; the page passes axe, light and dark', async ({
  page,
  request,
  signIn,
  userWithTraces,
}) => {
  const { user, api } = await userWithTraces();
  for (const name of ['old/name', 'scratch'])
    expect((await request.post('/api/projects', { data: { name }, headers: api.headers })).status()).toBe(
      201,
    );
  await api.create({ title: 'Scratch note', content: 'Throwaway.', category: 'fact', project: 'scratch' });
  await signIn(user, '/app/projects');
  const rows = page.getByRole('list', { name: 'Projects' }).getByRole('listitem');

  await page.getByRole('button', { name: 'Rename old/name' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'New name' }).fill('new/name');
  await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByText('old/name renamed to new/name')).toBeVisible();
  await page.getByRole('button', { name: 'Archive new/name' }).click();
  await expect(page.getByText('new/name archived')).toBeVisible();
  await expect(rows.filter({ hasText: 'new/name' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Show archived projects' }).check();
  await expect(rows.filter({ hasText: 'new/name' })).toContainText('archived');

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      violations.map((v) => `${colorScheme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }

  await page.getByRole('button', { name: 'Delete scratch' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('radio', { name: 'Delete them' }).click();
  await expect(confirm).toContainText('Its traces are deleted too');
  await confirm.getByRole('button', { name: 'Delete project' }).click();
  await expect(page.getByText('scratch deleted with 1 trace')).toBeVisible();
  expect((await api.list()).totalCount).toBe(0);
});

test('Personal only and Created by narrow the list, and Back from a trace keeps both', async ({
  page,
  request,
  signIn,
  userWithTraces,
}) => {
  // Written in the web app (a session) and by a script's API key, each personal and in a project.
  const { user, api } = await userWithTraces({
    title: 'Web personal',
    content: 'From the web app, personal.',
  });
  const made = await request.post('/api/projects', { headers: api.headers, data: { name: 'acme/web' } });
  expect(made.status(), await made.text()).toBe(201);
  await api.create({
    title: 'Web in project',
    content: 'From the web app, in acme/web.',
    project: 'acme/web',
  });
  const key = await api.apiKey('Laptop script');
  for (const data of [
    { title: 'Script personal', content: 'From a script, personal.' },
    { title: 'Script in project', content: 'From a script, in acme/web.', project: 'acme/web' },
  ]) {
    const res = await request.post('/api/traces', { headers: { authorization: `Bearer ${key}` }, data });
    expect(res.status(), await res.text()).toBe(201);
  }

  await signIn(user, '/app/traces');
  const titles = cards(page).getByRole('heading');
  await expect(titles).toHaveText(['Script in project', 'Script personal', 'Web in project', 'Web personal']);

  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: 'Personal only' }).click();
  await expect(page).toHaveURL(/[?&]project=(&|$)/);
  await expect(titles).toHaveText(['Script personal', 'Web personal']);

  await page.getByRole('combobox', { name: 'Created by' }).click();
  await page.getByRole('option', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/created_by=api_key/);
  await expect(titles).toHaveText(['Script personal']);
  await expect(page.getByRole('list', { name: 'Filters' })).toContainText('personal only');
  await expect(page.getByRole('list', { name: 'Filters' })).toContainText('created by api keys');

  // Back from the trace shows the same list, both filters in their selects.
  await cards(page).getByRole('link', { name: 'Script personal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Script personal' })).toBeVisible();
  await page.goBack();
  await expect(titles).toHaveText(['Script personal']);
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveText('Personal only');
  await expect(page.getByRole('combobox', { name: 'Created by' })).toHaveText('API keys');

  // One filter removed by its chip, the other kept; then another writer.
  await page.getByRole('button', { name: 'Remove filter personal only' }).click();
  await expect(titles).toHaveText(['Script in project', 'Script personal']);
  await page.getByRole('combobox', { name: 'Created by' }).click();
  await page.getByRole('option', { name: 'The web app' }).click();
  await expect(titles).toHaveText(['Web in project', 'Web personal']);
  await page.getByRole('combobox', { name: 'Created by' }).click();
  await page.getByRole('option', { name: 'Created by anyone' }).click();
  await expect(titles).toHaveCount(4);
});
