// Pure: the ZIP reader against hostile archives built here in memory (zip bombs with and without
// Zip64, lying sizes, truncation, a broken directory). Nothing is faked.
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { craftZip, zeroBomb } from '../../../test-support/hostile-zips.js';
import { crc32 } from './zip.js';
import { bufferSource, readZip, ZIP_LIMITS, ZipFormatError, ZipLimitError } from './zip-reader.js';

async function readAll(buf: Buffer) {
  const out: string[] = [];
  for await (const e of readZip(bufferSource(buf))) out.push(`${e.name}:${e.data?.length}`);
  return out;
}

describe('zip reader against hostile archives', () => {
  it('refuses a bomb whose directory declares its size, before inflating anything', async () => {
    const body = zeroBomb(64);
    const bomb = craftZip([{ name: 'bomb.md', body, size: 64 * 1024 * 1024 }]);
    await expect(readAll(bomb)).rejects.toThrow(ZipLimitError);
    await expect(readAll(bomb)).rejects.toThrow(/"bomb\.md" inflates past \d+ bytes/);
  });

  it('stops inflating a bomb that lies about its size at the entry limit; memory stays bounded', async () => {
    const body = zeroBomb(1024); // 1 GiB of zeros in ~1 MiB
    expect(body.length).toBeLessThan(2 * 1024 * 1024);
    for (const zip64 of [false, true]) {
      const before = process.memoryUsage().rss;
      const bomb = craftZip([{ name: 'notes/bomb.md', body, size: 100, zip64 }]);
      const started = performance.now();
      await expect(readAll(bomb)).rejects.toThrow(/"notes\/bomb\.md" inflates past/);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
    }
  });

  it('reads a Zip64 entry (sizes and offset in the extra field) and refuses one declaring 2^40 bytes', async () => {
    const text = Buffer.from('# A note\n\nkept in a Zip64 entry\n');
    const ok = craftZip([
      { name: 'a.md', body: deflateRawSync(text), size: text.length, crc: crc32(text), zip64: true },
    ]);
    expect(await readAll(ok)).toEqual([`a.md:${text.length}`]);
    // The crash of issue 26: 0xFFFFFFFF read as a size to allocate. Now a refusal naming the entry.
    const huge = craftZip([{ name: 'huge.md', body: zeroBomb(1), size: 2 ** 40, zip64: true }]);
    await expect(readAll(huge)).rejects.toThrow(/"huge\.md" inflates past/);
  });

  it('refuses an archive whose notes together pass the ratio cap', async () => {
    const one = Buffer.alloc(ZIP_LIMITS.entryBytes, 0x61);
    const body = deflateRawSync(one);
    const crc = crc32(one);
    const entries = Array.from({ length: 8 }, (_, i) => ({ name: `${i}.md`, body, size: one.length, crc }));
    const limits = { ...ZIP_LIMITS, ratioFromBytes: 512 * 1024 };
    const read = async () => {
      for await (const _ of readZip(bufferSource(craftZip(entries)), { limits }));
    };
    await expect(read()).rejects.toThrow(/inflates over 100 times its size/);
    const total = { ...ZIP_LIMITS, totalBytes: 3 * one.length };
    await expect(
      (async () => {
        for await (const _ of readZip(bufferSource(craftZip(entries)), { limits: total }));
      })(),
    ).rejects.toThrow(/archive inflates past/);
  });

  it('never inflates entries the caller does not want', async () => {
    const bomb = craftZip([{ name: 'photo.png', body: zeroBomb(64), size: 64 * 1024 * 1024 }]);
    const seen = [];
    for await (const e of readZip(bufferSource(bomb), { wants: (n) => n.endsWith('.md') })) seen.push(e);
    expect(seen).toEqual([{ name: 'photo.png', data: null }]);
  });

  it('refuses truncated archives and a broken or lying central directory with a format error', async () => {
    const text = Buffer.from('hello');
    const good = craftZip([{ name: 'a.md', body: text, method: 0, size: 5, crc: crc32(text) }]);
    expect(await readAll(good)).toEqual(['a.md:5']);
    const cases: Buffer[] = [
      good.subarray(0, good.length - 5), // end record cut
      good.subarray(20), // the start cut: offsets point past the data
      // One entry in a directory of 0 bytes.
      Buffer.concat([good.subarray(0, 35), Buffer.from('PK\x05\x06\0\0\0\0\x01\0\x01\0'), Buffer.alloc(10)]),
    ];
    // A directory that says 60,000 entries in 46 bytes, and one that points past the file.
    const many = Buffer.from(good);
    many.writeUInt16LE(60_000, many.length - 12);
    const far = Buffer.from(good);
    far.writeUInt32LE(0x7fffffff, far.length - 6);
    const badSig = Buffer.from(good);
    badSig.writeUInt32LE(0xdeadbeef, good.indexOf(Buffer.from('PK\x01\x02')));
    for (const buf of [...cases, many, far, badSig]) {
      await expect(readAll(buf)).rejects.toThrow(ZipFormatError);
    }
  });
});
