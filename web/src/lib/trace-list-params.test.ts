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
      importance: null,
      tags: [],
      project: null,
      createdBy: null,
      page: 1,
      view: null,
      sort: 'newest',
    });
  });
  it('reads every parameter', () => {
    expect(
      read('search=dentist&category=work&importance=high&tags=Health,kids&page=3&view=table&sort=most_used'),
    ).toEqual({
      search: 'dentist',
      category: 'work',
      importance: 'high',
      tags: ['health', 'kids'],
      project: null,
      createdBy: null,
      page: 3,
      view: 'table',
      sort: 'most_used',
    });
  });
  it('keeps the project filter and goes back to page 1 when it changes', () => {
    expect(read('project=acme%2Fapi').project).toBe('acme/api');
    expect(write('page=3', { project: 'acme/api' })).toBe('project=acme%2Fapi');
    expect(write('project=acme%2Fapi&page=2', { project: null })).toBe('');
  });
  it('keeps "personal only" as an empty project, apart from every trace', () => {
    expect(read('project=').project).toBe('');
    expect(read('').project).toBeNull();
    expect(write('page=2', { project: '' })).toBe('project=');
    expect(write('project=', { project: null })).toBe('');
  });
  it('keeps who created the traces, and goes back to page 1 when it changes', () => {
    expect(read('created_by=oauth_client').createdBy).toBe('oauth_client');
    expect(read('created_by=robot').createdBy).toBeNull();
    expect(write('page=4', { createdBy: 'import' })).toBe('created_by=import');
    expect(write('created_by=web&page=2', { createdBy: null })).toBe('');
  });
  it('still reads the one tag of links made before several tags', () => {
    expect(read('tag=Travel').tags).toEqual(['travel']);
    expect(read('tags=a,b&tag=a').tags).toEqual(['a', 'b']);
  });
  it('ignores values it does not know', () => {
    expect(read('category=nope&importance=urgent&page=-2&view=grid&sort=popular&tags=,,')).toEqual(read(''));
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
  it('tags live in the URL, comma-separated, and like any filter go back to page 1', () => {
    expect(write('page=3', { tags: ['travel', 'Kids'] })).toBe('tags=travel%2Ckids');
    expect(write('tags=travel&page=2', { tags: [] })).toBe('');
    // The old single-tag parameter is rewritten into the new one.
    expect(write('tag=travel', { page: 2 })).toBe('tags=travel&page=2');
  });
  it('goes back to page 1 when the category or the importance changes', () => {
    expect(write('search=tax&page=3', { category: 'fact' })).toBe('search=tax&category=fact');
    expect(write('category=fact&page=3', { category: null })).toBe('');
    expect(write('page=3', { importance: 'high' })).toBe('importance=high');
  });
  it('a sort lives in the URL (newest is left out) and goes back to page 1', () => {
    expect(write('page=3', { sort: 'importance' })).toBe('sort=importance');
    expect(write('sort=oldest&page=2', { sort: 'newest' })).toBe('');
    expect(write('sort=oldest&page=2', { page: 3 })).toBe('sort=oldest&page=3');
  });
  it('keeps the page when the search is set to what it already was', () => {
    expect(write('search=tax&page=3', { search: 'tax' })).toBe('search=tax&page=3');
  });
  it('keeps the view and unrelated parameters, and drops the old Best match mode', () => {
    expect(write('view=table&order=best&x=1', { page: 2 })).toBe('view=table&x=1&page=2');
  });
});
