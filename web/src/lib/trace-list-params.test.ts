import { describe, expect, it } from 'vitest';
import { readListParams, writeListParams } from './trace-list-params.js';

const read = (qs: string) => readListParams(new URLSearchParams(qs));
const write = (qs: string, patch: Parameters<typeof writeListParams>[1]) =>
  writeListParams(new URLSearchParams(qs), patch).toString();

describe('readListParams', () => {
  it('gives the defaults for an empty URL', () => {
    expect(read('')).toEqual({
      search: '',
      category: null,
      tag: null,
      page: 1,
      view: null,
      order: 'newest',
      sort: 'newest',
    });
  });
  it('reads every parameter', () => {
    expect(
      read('search=dentist&category=work&tag=Health&page=3&view=table&order=best&sort=most_used'),
    ).toEqual({
      search: 'dentist',
      category: 'work',
      tag: 'health',
      page: 3,
      view: 'table',
      order: 'best',
      sort: 'most_used',
    });
  });
  it('ignores values it does not know', () => {
    expect(read('category=nope&page=-2&view=grid&order=random&sort=popular')).toEqual(read(''));
    expect(read('page=1.5').page).toBe(1);
    expect(read('page=abc').page).toBe(1);
  });
});

describe('writeListParams', () => {
  it('leaves defaults out of the URL', () => {
    expect(write('search=a&page=2', { search: '', page: 1 })).toBe('');
  });
  it('goes back to page 1 when the search changes', () => {
    expect(write('page=3', { search: 'tax' })).toBe('search=tax');
  });
  it('a tag filter lives in the URL and, like any filter, goes back to page 1', () => {
    expect(write('page=3', { tag: 'travel' })).toBe('tag=travel');
    expect(write('tag=travel&page=2', { tag: null })).toBe('');
  });
  it('goes back to page 1 when the category changes', () => {
    expect(write('search=tax&page=3', { category: 'fact' })).toBe('search=tax&category=fact');
    expect(write('category=fact&page=3', { category: null })).toBe('');
  });
  it('a sort lives in the URL (newest is left out) and goes back to page 1', () => {
    expect(write('page=3', { sort: 'importance' })).toBe('sort=importance');
    expect(write('sort=oldest&page=2', { sort: 'newest' })).toBe('');
    expect(write('sort=oldest&page=2', { page: 3 })).toBe('sort=oldest&page=3');
  });
  it('keeps the page when the search is set to what it already was', () => {
    expect(write('search=tax&page=3', { search: 'tax' })).toBe('search=tax&page=3');
  });
  it('keeps the view, the order and unrelated parameters', () => {
    expect(write('view=table&order=best&x=1', { page: 2 })).toBe('view=table&order=best&x=1&page=2');
  });
});
