// Real: the app through app.inject, the migrated database (PGlite), the import service and
// runner. Faked: nothing. Hostile import files (issue 26): each is refused with a clear 4xx, the
// process survives, and nothing is half-imported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { craftZip, zeroBomb } from '../../test-support/hostile-zips.js';
import { createTestApp, signUpAndLogin } from '../../test-support/test-app.js';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type User = Awaited<ReturnType<typeof signUpAndLogin>>;

describe('import: hostile files', () => {
  let t: TestApp;
  let ann: User;

  const upload = (body: Buffer | string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/import/jobs',
      headers: { ...ann.headers, 'content-type': 'application/octet-stream', ...headers },
      payload: body,
    });
  const jobs = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/account/import/jobs', headers: ann.headers })).json()
      .jobs;

  beforeAll(async () => {
    t = await createTestApp();
    ann = await signUpAndLogin(t.app);
  });
  afterAll(() => t.close());

  it('refuses zip bombs, with and without Zip64, naming the entry; memory stays bounded', async () => {
    const body = zeroBomb(1024);
    const before = process.memoryUsage().rss;
    for (const zip64 of [false, true]) {
      for (const size of [100, 2 ** 31, 2 ** 40]) {
        if (!zip64 && size > 0xfffffffe) continue;
        const res = await upload(craftZip([{ name: 'vault/bomb.md', body, size, zip64 }]));
        expect(res.statusCode, res.body).toBe(413);
        expect(res.json()).toMatchObject({
          code: 'payload_too_large',
          error: expect.stringMatching(/"vault\/bomb\.md" inflates past \d+ bytes/),
        });
      }
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
    expect(await jobs()).toEqual([]);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('refuses a truncated archive and a broken central directory with 400', async () => {
    const text = Buffer.from('# note\n\nhello\n');
    const zip = craftZip([{ name: 'a.md', body: text, method: 0, size: text.length }]);
    for (const bad of [zip.subarray(0, zip.length - 4), zip.subarray(0, 40)]) {
      const res = await upload(Buffer.concat([Buffer.from('PK\x03\x04'), bad.subarray(4)]));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid_request',
        error: expect.stringMatching(/archive cannot be read/),
      });
    }
    expect(await jobs()).toEqual([]);
  });
});
