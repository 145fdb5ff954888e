// Real: the built server (embedded database), Debian's Chromium and its clipboard. Faked: nothing.
// A trace can be copied whole, and each of its code blocks alone; tables and block quotes render.
import { expect, test } from './support/fixtures.js';

const CONTENT = [
  'Deploy notes.',
  '',
  '| Step | Command | Minutes |',
  '|:--|:--|--:|',
  '| build | `npm run build` | 2 |',
  '| ship | `./deploy.sh prod` | 5 |',
  '',
  '> Said by Priya:',
  '> - freeze on Friday',
  '> - rollback plan ready',
  '',
  '```sh',
  'npm ci && npm test',
  '```',
].join('\n');

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width} px: copy a trace and a code block; a table and a block quote read as such`, async ({
    page,
    context,
    signIn,
    userWithTraces,
  }) => {
    await page.setViewportSize(viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { user, traces } = await userWithTraces({ title: 'Release', content: CONTENT, category: 'work' });
    await signIn(user, `/app/traces/${traces[0]!.id}`);

    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Step', 'Command', 'Minutes']);
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('cell', { name: '5' })).toHaveClass(/text-right/);
    const quote = page.locator('blockquote');
    await expect(quote).toContainText('Said by Priya:');
    await expect(quote.getByRole('listitem')).toHaveText(['freeze on Friday', 'rollback plan ready']);

    await page.getByRole('button', { name: 'Copy code' }).click();
    await expect(page.getByText('Copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('npm ci && npm test');

    await page.getByRole('button', { name: 'Copy trace' }).click();
    await expect(page.getByText('Trace copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`Release\n\n${CONTENT}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
