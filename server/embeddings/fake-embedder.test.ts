// Real: everything here is pure code (the fake embedder, vector helpers, text chunking). Faked: nothing.
import { describe, expect, it } from 'vitest';
import { dot, EmbedderClosedError, EmbeddingError, EmbeddingInputError, l2Normalise } from './embedder.js';
import { createFakeEmbedder } from './fake-embedder.js';
import { meanVector, splitForModel } from './text-chunks.js';

describe('fake embedder', () => {
  it('is deterministic, unit length, and ranks shared words above none', async () => {
    const e = createFakeEmbedder({ dimension: 64 });
    const [a, a2, b, c] = await e.embed([
      'User prefers dark mode in all editors',
      'User prefers dark mode in all editors',
      'The user wants dark mode in code editors',
      'Dentist appointment on Tuesday at nine',
    ]);
    expect(a).toEqual(a2);
    expect(a).toHaveLength(64);
    expect(dot(a!, a!)).toBeCloseTo(1, 9);
    expect(dot(a!, b!)).toBeGreaterThan(dot(a!, c!));
    expect(e.modelId).toBe('fake-hash-64');
    expect(await e.dimension()).toBe(64);
  });

  it('gives text without words a direction of its own', async () => {
    const [x, y] = await createFakeEmbedder().embed(['!!!', '???']);
    expect(dot(x!, x!)).toBeCloseTo(1, 9);
    expect(x).not.toEqual(y);
  });

  it('can simulate failures, counts calls, refuses empty text and calls after close', async () => {
    let fail = true;
    const e = createFakeEmbedder({
      onEmbed: () => {
        if (fail) throw new EmbeddingError('down', { retryable: true });
      },
    });
    await expect(e.embed(['x'])).rejects.toThrow('down');
    fail = false;
    await e.embed(['x']);
    expect(e.calls).toBe(2);
    await expect(e.embed([''])).rejects.toThrow(EmbeddingInputError);
    await e.close();
    await expect(e.embed(['x'])).rejects.toThrow(EmbedderClosedError);
  });
});

describe('vector helpers', () => {
  it('normalises to unit length and refuses a zero or non-finite vector', () => {
    expect(l2Normalise([3, 4])).toEqual([0.6, 0.8]);
    expect(() => l2Normalise([0, 0])).toThrow(/zero or non-finite/);
    expect(() => l2Normalise([NaN, 1])).toThrow(/zero or non-finite/);
  });

  it('refuses to compare vectors of different length', () => {
    expect(() => dot([1], [1, 2])).toThrow(/differ in length/);
  });

  it('averages piece vectors', () => {
    expect([
      ...meanVector(
        [
          [1, 0],
          [0, 1],
        ],
        2,
      ),
    ]).toEqual([0.5, 0.5]);
  });
});

describe('splitForModel', () => {
  it('keeps short text whole (trimmed)', () => {
    expect(splitForModel('  short note \n')).toEqual(['short note']);
  });

  it('cuts long text at sentence boundaries, loses nothing and respects the limit', () => {
    const sentence = 'The quick brown fox jumps over the lazy dog. ';
    const text = sentence.repeat(100);
    const pieces = splitForModel(text, 200);
    expect(pieces.every((p) => p.length <= 200)).toBe(true);
    expect(pieces.every((p) => p.endsWith('dog.'))).toBe(true);
    expect(pieces.join(' ')).toBe(text.trim());
  });

  it('prefers paragraph breaks and falls back to a hard cut for one endless word', () => {
    const para = 'a'.repeat(70) + '. ' + 'b'.repeat(20);
    const pieces = splitForModel(`${para}\n\n${para}`, 150);
    expect(pieces).toEqual([para, para]);
    expect(splitForModel('x'.repeat(450), 200)).toEqual(['x'.repeat(200), 'x'.repeat(200), 'x'.repeat(50)]);
  });
});
