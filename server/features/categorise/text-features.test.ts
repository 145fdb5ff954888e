// Real: pure code (tokens, stems, features, importance rules, tag extraction). Faked: nothing.
import { describe, expect, it } from 'vitest';
import { importanceOf } from './importance-rules.js';
import { extractTags, MAX_NEW_TAGS, MAX_TAGS, normaliseTag, tagKey } from './tag-extraction.js';
import { featurise, stem, tokenise } from './text-features.js';

const noHints = { implies: {}, tagRate: {} };

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

describe('importanceOf', () => {
  it('is high for risks, credentials and hard rules; low for tastes; otherwise medium', () => {
    expect(importanceOf(null, 'Severe reaction to wasp stings')).toBe('high');
    expect(importanceOf('Router password', 'in the drawer')).toBe('high');
    expect(importanceOf(null, 'Never book flights with Ryanair')).toBe('high');
    expect(importanceOf(null, 'Favourite band is Wilco')).toBe('low');
    expect(importanceOf(null, 'Lives in Leeds')).toBe('medium');
  });
});

describe('extractTags', () => {
  it('picks content words, skipping stop words, numbers, months and adverbs', () => {
    const tags = extractTags(
      { title: null, content: 'The user really prefers Kotlin on 3 March, especially for backend services' },
      [],
      noHints,
    );
    expect(tags).toHaveLength(MAX_NEW_TAGS);
    expect(tags).toEqual(expect.arrayContaining(['backend']));
    for (const bad of ['the', 'user', 'really', 'prefers', '3', 'march', 'especially'])
      expect(tags).not.toContain(bad);
  });

  it('adds implied concept tags and learnt hints before keywords', () => {
    expect(extractTags({ title: null, content: 'My sister moved to Porto' }, [], noHints)[0]).toBe('family');
    const hints = { implies: { sourdough: ['baking'] }, tagRate: {} };
    expect(extractTags({ title: null, content: 'Sourdough starter needs feeding' }, [], hints)[0]).toBe(
      'baking',
    );
  });

  it('prefers a word that was a tag in training', () => {
    const hints = { implies: {}, tagRate: { kettle: 1 } };
    expect(extractTags({ title: null, content: 'Replace the enormous kettle' }, [], hints)[0]).toBe('kettle');
  });

  it('reuses matching user tags (all words of a multi-word tag, any plural) and caps the total', () => {
    const user = ['dark mode', 'editors', 'vim', 'coffee', 'work', 'travel', 'dog'];
    const tags = extractTags(
      {
        title: null,
        content: 'Dark mode in every editor and vim at work; coffee before travel with the dog',
      },
      user,
      noHints,
    );
    expect(tags).toHaveLength(MAX_TAGS);
    expect(tags.slice(0, 5)).toEqual(['dark mode', 'editors', 'vim', 'coffee', 'work']);
  });

  it('does not reuse a user tag the note merely shares one word with', () => {
    expect(extractTags({ title: null, content: 'Dark chocolate' }, ['dark mode'], noHints)).not.toContain(
      'dark mode',
    );
  });

  it('normalises tags as the contract does and treats plurals as one tag', () => {
    expect(normaliseTag(`  ${'X'.repeat(60)} `)).toBe('x'.repeat(50));
    expect(tagKey('Recipes')).toBe(tagKey('recipe'));
    const tags = extractTags({ title: null, content: 'Recipes and more recipe ideas' }, ['Recipe'], noHints);
    expect(tags.filter((t) => tagKey(t) === 'recipe')).toEqual(['recipe']);
  });
});
