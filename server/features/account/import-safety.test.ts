// Real: the app through app.inject, the migrated database (PGlite), the import service and
// runner. Faked: nothing. Hostile import files (issue 26): each is refused with a clear 4xx, the
// process survives, and nothing is half-imported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { craftZip, zeroBomb } from '../../test-support/hostile-zips.js';
import { formBody } from '../../test-support/multipart-body.js';
import { writeZip } from './formats/zip.js';
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

  it('imports the file of a multipart upload (curl -F), not its boundary lines', async () => {
    const bob = await signUpAndLogin(t.app);
    const boundary = '------------------------8c5f0a5b2e6f1f3d';
    const lines = ['Prefers tea to coffee', 'Has a cat named Miso', 'Runs on Tuesdays'];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/import/jobs',
      headers: { ...bob.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: formBody(boundary, [{ name: 'file', fileName: 'memories.txt', body: lines.join('\n') }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      file_name: 'memories.txt',
      preview: { total: 3, new: 3, invalid: 0 },
    });
    const items = (
      await t.app.inject({
        method: 'GET',
        url: `/api/account/import/jobs/${res.json().id}/items`,
        headers: bob.headers,
      })
    ).json().items;
    expect(items.map((i: { excerpt: string }) => i.excerpt)).toEqual(lines);

    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/account/import/jobs',
      headers: { ...bob.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: formBody(boundary, [{ name: 'file', fileName: 'm.txt', body: 'x' }]).subarray(0, 120),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error).toMatch(/truncated/);
  });

  it('refuses images, PDFs, compressed and binary files with 415, and keeps accented text', async () => {
    const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(200, 7)]);
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    const cases: [Buffer, RegExp][] = [
      [png, /PNG image/],
      [Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj', 'latin1'), /PDF document/],
      [Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0]), /gzip/],
      [Buffer.from('{"traces": [\0\0\0]}'), /NUL bytes/],
      [Buffer.from(random.map((b) => (b === 0 ? 1 : b))), /not text/],
    ];
    for (const [body, reason] of cases) {
      const res = await upload(body);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'unsupported_media_type',
        error: expect.stringMatching(reason),
      });
    }
    expect(await jobs()).toEqual([]);
    const latin1 = Buffer.from('Aime le café crème\nHabite à Orléans, près de la Loire\n', 'latin1');
    expect((await upload(latin1)).statusCode).toBe(201);
  });

  it('reports a JSON document cut in half as truncated, importing none of it', async () => {
    const bob = await signUpAndLogin(t.app);
    const traces = Array.from({ length: 20 }, (_, i) => ({ content: `Memory ${i}`, tags: ['x'] }));
    const whole = JSON.stringify({ format: 'cairn-export', version: 1, traces });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/import/jobs',
      headers: { ...bob.headers, 'content-type': 'application/json' },
      payload: whole.slice(0, Math.floor(whole.length / 2)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_request',
      error: expect.stringMatching(
        /ends in the middle of its list of memories after \d+ of them: it was cut short/,
      ),
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/account/import/jobs', headers: bob.headers });
    expect(list.json().jobs).toEqual([]);
  });

  it('reports every entry of a vault it leaves out, and the counts still add up to the file', async () => {
    const bob = await signUpAndLogin(t.app);
    const parts: Buffer[] = [];
    const entries = [
      { name: 'vault/Tea.md', data: Buffer.from('Prefers green tea in the afternoon') },
      { name: 'vault/Old.md', data: Buffer.from('Cr\xe8me br\xfbl\xe9e on Sundays', 'latin1') },
      { name: 'vault/photo.png', data: Buffer.from('an attachment') },
      { name: '../evil.md', data: Buffer.from('outside the vault') },
    ];
    for await (const part of writeZip(entries)) parts.push(part);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/import/jobs',
      headers: { ...bob.headers, 'content-type': 'application/zip' },
      payload: Buffer.concat(parts),
    });
    expect(res.statusCode, res.body).toBe(201);
    const job = res.json();
    expect(job.preview).toEqual({
      total: 4,
      new: 2,
      duplicates: 0,
      near_duplicates: 0,
      invalid: 0,
      skipped: 2,
    });
    const report = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/account/import/jobs/${job.id}/items`,
          headers: bob.headers,
        })
      ).json().items as { label: string; kind: string; detail: string | null; excerpt: string | null }[];
    expect((await report()).map((i) => [i.label, i.kind, i.detail ?? i.excerpt])).toEqual([
      ['vault/Tea.md', 'new', 'Prefers green tea in the afternoon'],
      ['vault/Old.md', 'new', 'Crème brûlée on Sundays'],
      ['vault/photo.png', 'skipped', 'skipped: not a note (an attachment or another kind of file)'],
      ['../evil.md', 'skipped', 'skipped: its path leaves the archive (".." or an absolute path)'],
    ]);
    await t.app.inject({
      method: 'POST',
      url: `/api/account/import/jobs/${job.id}/start`,
      headers: bob.headers,
    });
    await t.app.services.importRunner.drain();
    const done = (
      await t.app.inject({ method: 'GET', url: `/api/account/import/jobs/${job.id}`, headers: bob.headers })
    ).json();
    expect(done.progress).toEqual({ processed: 4, imported: 2, duplicates: 0, failed: 0, skipped: 2 });
  });
});
