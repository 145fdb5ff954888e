// Real: the archive reader on gzip files written here, byte by byte, as an attacker would shape
// them; the file system. Nothing faked.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { END_OF_ARCHIVE, padding, tarHeader, type TarEntry } from '../../lib/tar.js';
import { BACKUP_FORMAT, type BackupManifest } from './archive-format.js';
import { BACKUP_LIMITS, extractBackupArchive } from './archive-read.js';

const root = mkdtempSync(path.join(tmpdir(), 'cairn-archive-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const manifest = new TextEncoder().encode(
  JSON.stringify({
    format: BACKUP_FORMAT,
    cairn: 't',
    created_at: 'x',
    engine: 'pglite',
    migrations: [],
    secret_key: 'SECRET_KEY',
  }),
);

function entry(name: string, data = new Uint8Array(0), type: TarEntry['type'] = 'file'): Uint8Array[] {
  return [tarHeader({ name, type, size: data.length, mode: 0o600, mtime: 0 }), data, padding(data.length)];
}

let n = 0;
function archive(parts: Uint8Array[][], end = true): string {
  const file = path.join(root, `a${n++}.tar.gz`);
  writeFileSync(file, gzipSync(Buffer.concat([...parts.flat(), ...(end ? [END_OF_ARCHIVE] : [])])));
  return file;
}

async function extract(file: string, limits = BACKUP_LIMITS) {
  const dest = path.join(root, `d${n++}`);
  mkdirSync(dest);
  const result: { ok?: BackupManifest; error?: string } = await extractBackupArchive(file, dest, limits).then(
    (m) => ({ ok: m }),
    (err: Error) => ({ error: err.message }),
  );
  return { ...result, dest };
}

describe('extractBackupArchive', () => {
  it('unpacks the manifest, the key and pglite/', async () => {
    const file = archive([
      entry('cairn-backup.json', manifest),
      entry('pglite', undefined, 'directory'),
      entry('pglite/base/1', new Uint8Array([1, 2])),
    ]);
    const { ok, dest } = await extract(file);
    expect(ok).toMatchObject({ engine: 'pglite' });
    expect(readdirSync(path.join(dest, 'pglite', 'base'))).toEqual(['1']);
  });

  it.each([
    ['pglite/../../escape', 'not allowed'],
    ['pglite/./x', 'not allowed'],
    ['pglite//x', 'not allowed'],
    ['pglite\\..\\x', 'not allowed'],
    ['elsewhere/x', 'unexpected entry'],
  ])('refuses the path %s before writing it', async (name, message) => {
    const { error, dest } = await extract(
      archive([entry('cairn-backup.json', manifest), entry(name, new Uint8Array([1]))]),
    );
    expect(error).toContain(message);
    expect(readdirSync(dest)).toEqual([]);
    expect(existsSync(path.join(root, 'escape'))).toBe(false);
  });

  it('refuses links, an archive that is not a backup, a truncated one and one that is not gzip', async () => {
    const link = tarHeader({ name: 'pglite/l', type: 'file', size: 0, mode: 0o600, mtime: 0 });
    link[156] = 0x32; // a symbolic link
    let sum = 0;
    link.fill(0x20, 148, 156);
    for (const b of link) sum += b;
    link.set(new TextEncoder().encode(`${sum.toString(8).padStart(6, '0')}\0 `), 148);
    expect((await extract(archive([entry('cairn-backup.json', manifest), [link]]))).error).toContain('links');
    expect((await extract(archive([entry('pglite/x', new Uint8Array([1]))]))).error).toContain(
      'not a Cairn backup',
    );
    expect(
      (await extract(archive([entry('cairn-backup.json', manifest), entry('pglite/x')], false))).error,
    ).toContain('truncated');
    writeFileSync(path.join(root, 'plain'), 'hello');
    expect((await extract(path.join(root, 'plain'))).error).toContain('damaged');
  });

  it('stops an archive that inflates too far, or holds too many entries', async () => {
    const zeros = new Uint8Array(4 * 1024 * 1024);
    const bomb = archive([entry('cairn-backup.json', manifest), entry('pglite/big', zeros)]);
    const limits = { ...BACKUP_LIMITS, ratioFromBytes: 1024 * 1024, ratio: 10 };
    expect((await extract(bomb, limits)).error).toContain('inflates to more than');
    const many = archive([
      entry('cairn-backup.json', manifest),
      ...Array.from({ length: 5 }, (_, i) => entry(`pglite/${i}`)),
    ]);
    expect((await extract(many, { ...BACKUP_LIMITS, entries: 3 })).error).toContain('more than 3 entries');
    const large = archive([entry('cairn-backup.json', manifest), entry('pglite/x', new Uint8Array(100))]);
    expect((await extract(large, { ...BACKUP_LIMITS, entryBytes: 10 })).error).toContain(
      'larger than 10 bytes',
    );
  });
});
