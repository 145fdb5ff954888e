// Real: the app, its database and the files it serves. Faked: nothing (the package is a small
// stand-in tarball: what is tested is that the bytes served are the bytes the checksum names).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app.js';

describe('GET /downloads/cairn-mcp.tgz', () => {
  it('serves the packed stdio client, and server-info pins its checksum under PUBLIC_URL', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cairn-downloads-'));
    const bytes = randomBytes(2048);
    writeFileSync(path.join(dir, 'cairn-mcp.tgz'), bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const t = await createTestApp({ PUBLIC_URL: 'https://cairn.example.org' }, { downloadsDir: dir });

    const res = await t.app.inject({ method: 'GET', url: '/downloads/cairn-mcp.tgz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['x-checksum-sha256']).toBe(sha256);

    const info = await t.app.inject({ method: 'GET', url: '/api/server-info' });
    expect(info.json().stdio_client).toEqual({
      url: 'https://cairn.example.org/downloads/cairn-mcp.tgz',
      sha256,
    });
    await t.close();
  });

  it('answers a clear 404 when the server was started without a build', async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/downloads/cairn-mcp.tgz' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', error: expect.stringContaining('npm run build') });
    await t.close();
  });
});
