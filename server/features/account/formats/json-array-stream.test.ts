// Pure: the streaming splitter, fed in chunks of every size, against JSON.parse of the whole.
import { describe, expect, it } from 'vitest';
import { JsonArrayStream, OVERSIZED } from './json-array-stream.js';

function split(doc: string, chunkSize: number, keys = ['traces', 'memories']) {
  const s = new JsonArrayStream(keys);
  const out: unknown[] = [];
  for (let i = 0; i < doc.length; i += chunkSize) {
    out.push(
      ...s.push(doc.slice(i, i + chunkSize)).map((t) => (t === OVERSIZED ? t : (JSON.parse(t) as unknown))),
    );
  }
  return { items: out, found: s.found };
}

describe('JsonArrayStream', () => {
  const records = [
    { content: 'a, "quoted" ] } [ {', tags: ['x', 'y'] },
    { content: 'second\\', nested: { list: [1, [2, 3]] } },
    'a bare string',
    42,
  ];

  it.each([1, 2, 3, 7, 64, 10_000])('finds the records under a key, chunk size %i', (size) => {
    const doc = JSON.stringify({ format: 'cairn-export', account: { traces: 'not this' }, traces: records });
    expect(split(doc, size)).toEqual({ items: records, found: true });
  });

  it('reads a root array and ignores a later array', () => {
    expect(split(JSON.stringify(records), 5).items).toEqual(records);
    const doc = JSON.stringify({ memories: [{ memory: 'm' }], traces: [{ content: 'no' }] });
    expect(split(doc, 4).items).toEqual([{ memory: 'm' }]);
  });

  it('handles a key split across chunks and an empty list', () => {
    expect(split('{"memo' + 'ries": []}', 3)).toEqual({ items: [], found: true });
    expect(split('{"other": [1, 2]}', 3)).toEqual({ items: [], found: false });
  });

  it.each([1, 5, 100])(
    'hands out an element past maxElementChars as OVERSIZED, never built (chunk %i)',
    (size) => {
      const doc = JSON.stringify({ traces: [{ content: 'short' }, { content: 'x'.repeat(500) }, 'after'] });
      const s = new JsonArrayStream(['traces'], 100);
      const out: unknown[] = [];
      for (let i = 0; i < doc.length; i += size) out.push(...s.push(doc.slice(i, i + size)));
      expect(out.map((t) => (t === OVERSIZED ? t : JSON.parse(t as string)))).toEqual([
        { content: 'short' },
        OVERSIZED,
        'after',
      ]);
      expect(s.complete).toBe(true);
    },
  );
});
