// Pure: the multipart/form-data file extractor fed as a client would send it, including one byte
// per chunk so every delimiter is split across chunks. Nothing is faked.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formBody } from '../../test-support/multipart-body.js';
import { MultipartFile, multipartBoundary } from './multipart-file.js';

async function extract(body: Buffer, boundary: string, chunk = body.length) {
  const chunks = [];
  for (let i = 0; i < body.length; i += chunk) chunks.push(body.subarray(i, i + chunk));
  const mp = new MultipartFile(boundary);
  const out: Buffer[] = [];
  for await (const part of Readable.from(chunks).pipe(mp)) out.push(part as Buffer);
  return { text: Buffer.concat(out).toString(), fileName: mp.fileName };
}

describe('multipart file', () => {
  const boundary = '------------------------d74496d66958873e';
  const file = 'Prefers tea\r\nHas a cat named Miso\n--not a boundary\n';

  it('takes the file part, never the delimiters or other fields, whatever the chunking', async () => {
    const body = formBody(boundary, [
      { name: 'note', body: 'a form field' },
      { name: 'file', fileName: 'C:\\Users\\ann\\memories.txt', body: file },
    ]);
    for (const chunk of [1, 7, 64, body.length]) {
      expect(await extract(body, boundary, chunk)).toEqual({ text: file, fileName: 'memories.txt' });
    }
  });

  it('reads the boundary from the content type, quoted or not', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeUndefined();
    expect(() => multipartBoundary('multipart/form-data')).toThrow(/boundary/);
  });

  it('refuses a truncated body and one without a file', async () => {
    const body = formBody(boundary, [{ name: 'file', fileName: 'a.txt', body: file }]);
    await expect(extract(body.subarray(0, body.length - 10), boundary)).rejects.toThrow(/truncated/);
    await expect(extract(formBody(boundary, [{ name: 'x', body: 'y' }]), boundary)).rejects.toThrow(
      /no file/,
    );
  });
});
