// Pure functions: no database, nothing faked.
import { describe, expect, it } from 'vitest';
import { buildSnippet, queryTerms, stem } from './snippet.js';

const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => `Filler sentence number ${i} says nothing.`).join(' ');

describe('stem', () => {
  it('maps inflections of one word to one form', () => {
    expect(new Set(['meeting', 'meetings', 'meet'].map(stem))).toEqual(new Set(['meet']));
    expect(new Set(['dance', 'dancing', 'dances', 'danced'].map(stem))).toEqual(new Set(['danc']));
    expect(stem('planned')).toBe(stem('plan'));
    expect(stem('class')).toBe('class');
    expect(stem('bus')).toBe('bus');
  });
});

describe('queryTerms', () => {
  it('drops stop words and repeats', () => {
    expect(queryTerms('What did Caroline say about the dentist? The DENTIST!')).toEqual([
      'carolin',
      'say',
      'dentist',
    ]);
    expect(queryTerms('what is it')).toEqual([]);
  });
});

describe('buildSnippet', () => {
  it('returns short content whole, white space collapsed', () => {
    expect(buildSnippet('  Coffee,\n\n black.  ', 'tea')).toBe('Coffee, black.');
  });

  it('shows the sentence sharing the most query words, within the limit, cut at words', () => {
    const content = `${filler(10)} The dentist moved my appointment to Tuesday at 3 pm. ${filler(10)}`;
    const s = buildSnippet(content, 'When is the dentist appointment?', 120);
    expect(s.length).toBeLessThanOrEqual(120);
    expect(s.startsWith('…The dentist moved my appointment')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).not.toMatch(/\s…$/);
  });

  it('matches inflected forms', () => {
    const content = `${filler(8)} We went dancing at the old barn. ${filler(8)}`;
    expect(buildSnippet(content, 'dance', 100)).toContain('We went dancing');
  });

  it('shows the beginning when no word matches (a result found by meaning)', () => {
    const content = `First words here. ${filler(20)}`;
    const s = buildSnippet(content, 'automobile', 80);
    expect(s.startsWith('First words here.')).toBe(true);
    expect(s.length).toBeLessThanOrEqual(80);
  });

  it('fills the window backwards when the match is at the very end', () => {
    const content = `${filler(20)} Finally the password hint.`;
    const s = buildSnippet(content, 'password', 100);
    expect(s.endsWith('Finally the password hint.')).toBe(true);
    expect(s.length).toBeLessThanOrEqual(100);
    expect(s.length).toBeGreaterThan(60);
  });

  it('centres on the hit inside one very long sentence', () => {
    const words = Array.from({ length: 300 }, (_, i) => `w${i}`);
    words[200] = 'needle';
    const s = buildSnippet(words.join(' '), 'needle', 100);
    expect(s).toContain('needle');
    expect(s.length).toBeLessThanOrEqual(100);
  });

  it('never exceeds the limit, even for text without spaces, and never splits a surrogate pair', () => {
    const s = buildSnippet('😀'.repeat(400), 'smile', 51);
    expect(s.length).toBeLessThanOrEqual(51);
    expect(s).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('never starts with the second half of a surrogate pair, wherever the window lands', () => {
    const content = `${'😀'.repeat(300)} needle ${'😀'.repeat(300)}`;
    for (let max = 40; max <= 140; max++) {
      const s = buildSnippet(content, 'needle', max);
      expect(s.length).toBeLessThanOrEqual(max);
      expect(s).not.toMatch(/(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    }
  });
});
