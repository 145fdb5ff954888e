import { describe, expect, it } from 'vitest';
import { formatTags, parseTags, visibleTags } from './tags.js';

describe('parseTags', () => {
  it('splits on commas and trims each piece', () => {
    expect(parseTags('work,  travel ,family')).toEqual(['work', 'travel', 'family']);
  });
  it('drops empty pieces', () => {
    expect(parseTags(' , a,, ,b, ')).toEqual(['a', 'b']);
    expect(parseTags('')).toEqual([]);
    expect(parseTags('   ')).toEqual([]);
  });
  it('keeps spaces inside a tag and drops exact repeats', () => {
    expect(parseTags('road trip, road trip,Road trip')).toEqual(['road trip', 'Road trip']);
  });
});

describe('formatTags', () => {
  it('joins with a comma and a space, so parseTags gives the same list back', () => {
    expect(formatTags(['a', 'b c'])).toBe('a, b c');
    expect(parseTags(formatTags(['a', 'b c']))).toEqual(['a', 'b c']);
    expect(formatTags([])).toBe('');
  });
});

describe('visibleTags (table: first 3, then "+N more")', () => {
  it('shows all of 3 or fewer', () => {
    expect(visibleTags(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], more: 0 });
    expect(visibleTags([])).toEqual({ shown: [], more: 0 });
  });
  it('counts the rest past 3', () => {
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
  });
});
