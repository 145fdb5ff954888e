import { describe, expect, it } from 'vitest';
import { markSubstring, markWords, queryStems, stem } from './highlight.js';

const marked = (parts: { text: string; match: boolean }[]) => parts.filter((p) => p.match).map((p) => p.text);

describe('markWords', () => {
  it('marks the words of the query by their stems, not the common words', () => {
    const stems = queryStems('What are my kids doing?');
    expect(stems).toEqual(['kid', 'doing']);
    expect(marked(markWords('Mia is a kid; both kids swim.', stems))).toEqual(['kid', 'kids']);
  });

  it('marks a word that starts with a query word, and keeps the text whole', () => {
    const text = 'Running club on Sundays, ran 10k.';
    const parts = markWords(text, queryStems('run'));
    expect(marked(parts)).toEqual(['Running']);
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });

  it('marks nothing for a query of common words', () => {
    expect(markWords('the and of', queryStems('the of'))).toEqual([{ text: 'the and of', match: false }]);
  });

  it('stems lightly and never below three letters', () => {
    expect(stem('Cooking')).toBe('cook');
    expect(stem('gas')).toBe('gas');
  });
});

describe('markSubstring', () => {
  it('marks each occurrence of the typed text, case-insensitively, inside words too', () => {
    const parts = markSubstring('Password for the Pass: passport', 'pass');
    expect(marked(parts)).toEqual(['Pass', 'Pass', 'pass']);
    expect(parts.map((p) => p.text).join('')).toBe('Password for the Pass: passport');
  });
});
