// Real: the built server (which serves its own packed stdio client), Debian's Chromium and its
// clipboard, npx and npm from the machine, and the official v1 SDK stdio client. Faked: nothing.
// The package registry is pointed at a closed port, so the snippet is proven to need none.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test } from './support/fixtures.js';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

type StdioSnippet = {
  mcpServers: { cairn: { command: string; args: string[]; env: Record<string, string> } };
};

test('the local-server snippet the page shows runs through npx from this server and searches', async ({
  page,
  request,
  server,
  signIn,
  userWithTraces,
}) => {
  test.setTimeout(180_000);
  const { user, api } = await userWithTraces({
    title: 'Heron sighting',
    content: 'A grey heron fished the millpond at dawn.',
  });
  const keyRes = await request.post('/api/api-keys', { data: { name: 'desktop' }, headers: api.headers });
  expect(keyRes.status(), await keyRes.text()).toBe(201);
  const { key } = (await keyRes.json()) as { key: string };

  await signIn(user, '/app/mcp-setup#other');
  await page.getByRole('button', { name: 'Copy local server configuration' }).click();
  const snippet = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as StdioSnippet;
  const packageUrl = `${server.url}/downloads/cairn-mcp.tgz`;
  expect(snippet.mcpServers.cairn).toEqual({
    command: 'npx',
    args: ['-y', packageUrl],
    env: { CAIRN_URL: server.url, CAIRN_API_KEY: '<your-api-key>' },
  });

  // The checksum beside it is the checksum of the bytes the server serves.
  const download = await request.get(packageUrl);
  expect(download.status()).toBe(200);
  const sha256 = createHash('sha256')
    .update(await download.body())
    .digest('hex');
  await page.getByRole('button', { name: 'Copy the package’s SHA-256 checksum' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sha256);

  // Exactly that command, args and env, with only the key filled in, as Claude Desktop would run it.
  const npmHome = mkdtempSync(path.join(tmpdir(), 'cairn-npx-'));
  const { command, args, env } = snippet.mcpServers.cairn;
  const transport = new StdioClientTransport({
    command,
    args,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: npmHome,
      npm_config_cache: path.join(npmHome, 'cache'),
      npm_config_registry: 'http://127.0.0.1:9/',
      npm_config_update_notifier: 'false',
      ...env,
      CAIRN_API_KEY: key,
    },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: 'snippet-test', version: '1.0.0' });
  try {
    await client.connect(transport);
    const result = (await client.callTool({ name: 'search', arguments: { query: 'heron millpond' } })) as {
      content: { type: string; text: string }[];
      isError?: boolean;
    };
    expect(result.isError, stderr).toBeFalsy();
    const answer = JSON.parse(result.content[0]?.text ?? '{}') as { results: { title: string }[] };
    expect(answer.results.map((r) => r.title)).toContain('Heron sighting');
  } finally {
    await client.close().catch(() => {});
    rmSync(npmHome, { recursive: true, force: true });
  }
});
