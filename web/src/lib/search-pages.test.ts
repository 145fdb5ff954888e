import { describe, expect, it } from 'vitest';
import { searchPages } from './search-pages.js';

describe('searchPages', () => {
  it('fills the first pages with the ranked results, then pages the rest', () => {
    expect(searchPages(1, 30, 12)).toEqual({ rankedPages: 3, rankedFrom: 0, tailPage: null });
    expect(searchPages(3, 30, 12)).toEqual({ rankedPages: 3, rankedFrom: 24, tailPage: null });
    expect(searchPages(4, 30, 12)).toEqual({ rankedPages: 3, rankedFrom: 30, tailPage: 1 });
    expect(searchPages(6, 30, 12)).toEqual({ rankedPages: 3, rankedFrom: 30, tailPage: 3 });
  });

  it('with nothing ranked, every page is the literal list', () => {
    expect(searchPages(1, 0, 12)).toEqual({ rankedPages: 0, rankedFrom: 0, tailPage: 1 });
    expect(searchPages(2, 0, 12)).toEqual({ rankedPages: 0, rankedFrom: 0, tailPage: 2 });
  });
});
