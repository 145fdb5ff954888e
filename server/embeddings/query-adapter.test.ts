// Real: the shipped query adapter (use-lite-query-adapter.json) and its checks. Faked: nothing; no
// model runs here (local-embedder.test.ts covers the adapter inside the bundled embedder).
import { describe, expect, it } from 'vitest';
import { dot } from './embedder.js';
import shipped from './use-lite-query-adapter.json' with { type: 'json' };
import { adaptQuery, loadQueryAdapter } from './query-adapter.js';

describe('query adapter', () => {
  it('ships fitted weights for the bundled model: one per dimension, not all 1', () => {
    const adapter = loadQueryAdapter('use-lite-512', 512);
    expect(adapter.scale).toHaveLength(512);
    // An identity adapter would pass every other check and change nothing.
    expect(adapter.scale.filter((x) => Math.abs(x - 1) > 0.05).length).toBeGreaterThan(100);
  });

  it("is fitted on Cairn's own retrieval fixture, never on LoCoMo (its licence allows evaluation only)", () => {
    expect(shipped.fittedOn).toBe('tests/fixtures/retrieval');
  });

  it('refuses weights made for another model or dimension, or that are not numbers', () => {
    expect(() => loadQueryAdapter('openai:text-embedding-3-small', 512)).toThrow(/malformed/);
    expect(() => loadQueryAdapter('use-lite-512', 384)).toThrow(/malformed/);
    expect(() => loadQueryAdapter('use-lite-512', 2, { model: 'use-lite-512', scale: [1, 'x'] })).toThrow(
      /malformed/,
    );
    expect(() =>
      loadQueryAdapter('use-lite-512', 2, { model: 'use-lite-512', scale: [1, Infinity] }),
    ).toThrow(/malformed/);
    expect(() => loadQueryAdapter('use-lite-512', 2, null)).toThrow(/malformed/);
    expect(shipped.model).toBe('use-lite-512');
  });

  it('scales each dimension and returns a unit vector', () => {
    const adapter = loadQueryAdapter('x', 3, { model: 'x', scale: [2, 0, 1] });
    const v = adaptQuery([0.6, 0.8, 0], adapter);
    expect(v).toEqual([1, 0, 0]);
    const w = adaptQuery([1 / Math.sqrt(3), 1 / Math.sqrt(3), 1 / Math.sqrt(3)], adapter);
    expect(dot(w, w)).toBeCloseTo(1, 10);
    expect(w[0]! / w[2]!).toBeCloseTo(2, 10);
    expect(() => adaptQuery([1, 0], adapter)).toThrow(/3 weights for a 2-d vector/);
  });
});
