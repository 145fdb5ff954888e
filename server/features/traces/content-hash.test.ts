// Unit test of a pure function. Real: everything. Faked: nothing.
import { describe, expect, it } from 'vitest';
import { contentHash, normaliseContent } from './content-hash.js';

describe('normaliseContent / contentHash', () => {
  it('ignores case, surrounding space, runs of whitespace and Unicode compatibility forms', () => {
    const forms = [
      'Hello World',
      '  hello   world ',
      'HELLO\n\tWORLD',
      'Ｈｅｌｌｏ\u00a0Ｗｏｒｌｄ',
      'Hello\r\nWorld',
    ];
    for (const form of forms) expect(normaliseContent(form)).toBe('hello world');
    expect(new Set(forms.map(contentHash)).size).toBe(1);
  });

  it('keeps everything else: punctuation, accents, word order', () => {
    const hashes = ['hello world', 'hello world!', 'héllo world', 'world hello', 'helloworld'].map(
      contentHash,
    );
    expect(new Set(hashes).size).toBe(5);
    expect(contentHash('x')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('treats composed and decomposed accents as the same text (NFKC)', () => {
    expect(contentHash('Caf\u00e9')).toBe(contentHash('Cafe\u0301'));
  });
});
