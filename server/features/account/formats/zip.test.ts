// Pure: the ZIP writer and reader against each other and against the system's unzip/zip.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32, writeZip, type ZipEntry } from './zip.js';
import { bufferSource, readZip } from './zip-reader.js';

async function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of writeZip(entries)) parts.push(part);
  return Buffer.concat(parts);
}

async function unzip(buf: Buffer) {
  const out: { name: string; text: string }[] = [];
  for await (const e of readZip(bufferSource(buf))) out.push({ name: e.name, text: String(e.data) });
  return out;
}

const hasTool = (tool: string) => {
  try {
    execFileSync('which', [tool]);
    return true;
  } catch {
    return false;
  }
};

describe('zip', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('round-trips stored and deflated entries with UTF-8 names', async () => {
    const entries = [
      { name: 'a.md', data: Buffer.from('short') },
      { name: 'notes/café ☕.md', data: Buffer.from('repeat '.repeat(500)) },
    ];
    expect(await unzip(await zipOf(entries))).toEqual([
      { name: 'a.md', text: 'short' },
      { name: 'notes/café ☕.md', text: 'repeat '.repeat(500) },
    ]);
  });

  it('writes Zip64 end records past 65,535 entries and reads them back', async () => {
    const entries = Array.from({ length: 66_000 }, (_, i) => ({
      name: `${i}.txt`,
      data: Buffer.from(String(i)),
    }));
    const read = await unzip(await zipOf(entries));
    expect(read).toHaveLength(66_000);
    expect(read[65_999]).toEqual({ name: '65999.txt', text: '65999' });
  });

  it('refuses a damaged archive with a reason', async () => {
    const buf = await zipOf([{ name: 'a.txt', data: Buffer.from('hello world') }]);
    buf[35] = buf[35]! ^ 0xff; // a byte of the stored body
    await expect(unzip(buf)).rejects.toThrow(/CRC-32 mismatch/);
    await expect(unzip(Buffer.from('not a zip at all'))).rejects.toThrow(/not a ZIP archive/);
  });

  it.runIf(hasTool('unzip'))('writes archives the system unzip accepts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cairn-zip-'));
    writeFileSync(
      path.join(dir, 'x.zip'),
      await zipOf([{ name: 'n/x.md', data: Buffer.from('# hi\n'.repeat(50)) }]),
    );
    execFileSync('unzip', ['-q', 'x.zip', '-d', 'out'], { cwd: dir });
    expect(readFileSync(path.join(dir, 'out/n/x.md'), 'utf8')).toBe('# hi\n'.repeat(50));
  });

  it.runIf(hasTool('zip'))('reads archives the system zip wrote', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cairn-zip-'));
    writeFileSync(path.join(dir, 'one.md'), 'one '.repeat(100));
    execFileSync('zip', ['-q', 'a.zip', 'one.md'], { cwd: dir });
    expect(await unzip(readFileSync(path.join(dir, 'a.zip')))).toEqual([
      { name: 'one.md', text: 'one '.repeat(100) },
    ]);
  });
});
