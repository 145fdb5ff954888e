// Real: pure code (tokens, stems, features). Faked: nothing.
import { describe, expect, it } from 'vitest';
import { featurise, stem, tokenise } from './text-features.js';

describe('tokenise / stem / featurise', () => {
  it('keeps words with inner apostrophes, dots and hyphens together', () => {
    expect(tokenise("Mum’s birthday: Node.js, high-impact — don't!")).toEqual([
      "mum's",
      'birthday',
      'node.js',
      'high-impact',
      "don't",
    ]);
  });

  it('folds plurals and verb endings and all numbers', () => {
    expect(['prefers', 'prefer', 'stories', 'booked', 'books', 'glass', '2019'].map(stem)).toEqual([
      'prefer',
      'prefer',
      'story',
      'book',
      'book',
      'glass',
      '<num>',
    ]);
  });

  it('adds unigrams, bigrams and cues (who, dates, category words, length)', () => {
    const f = featurise('Anniversary', 'My wife and I married on 21 June 2014');
    expect(f).toEqual(
      expect.arrayContaining([
        'anniversary',
        'my_wife',
        '#first-person',
        '#number',
        '#date',
        '#cue-personal',
        '#short',
      ]),
    );
    expect(featurise(null, 'The user is currently waiting for a reply')).toEqual(
      expect.arrayContaining(['#third-person', '#cue-context']),
    );
  });
});
