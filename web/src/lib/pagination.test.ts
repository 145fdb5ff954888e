import { describe, expect, it } from 'vitest';
import { pageSlots } from './pagination.js';

describe('pageSlots (compaction rule)', () => {
  it('shows nothing when there are no pages', () => {
    expect(pageSlots(1, 0)).toEqual([]);
  });

  it('shows every page when there are 7 or fewer', () => {
    expect(pageSlots(1, 1)).toEqual([1]);
    expect(pageSlots(2, 3)).toEqual([1, 2, 3]);
    expect(pageSlots(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageSlots(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('on page 3 or lower shows pages 1 to 5, a gap and the last page', () => {
    expect(pageSlots(1, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 8]);
    expect(pageSlots(2, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(pageSlots(3, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
  });

  it('within 2 of the end shows the first page, a gap and the last 5', () => {
    expect(pageSlots(18, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
    expect(pageSlots(19, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
    expect(pageSlots(20, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
    expect(pageSlots(6, 8)).toEqual([1, 'ellipsis', 4, 5, 6, 7, 8]);
  });

  it('elsewhere shows the first page, a gap, the current page with its neighbours, a gap and the last', () => {
    expect(pageSlots(4, 20)).toEqual([1, 'ellipsis', 3, 4, 5, 'ellipsis', 20]);
    expect(pageSlots(10, 20)).toEqual([1, 'ellipsis', 9, 10, 11, 'ellipsis', 20]);
    expect(pageSlots(17, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 'ellipsis', 20]);
  });

  it('the boundaries between the branches fall where the rule puts them', () => {
    // 9 pages: page 3 is still "3 or lower", page 4 is the middle case, page 7 is "within 2 of the end".
    expect(pageSlots(3, 9)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 9]);
    expect(pageSlots(4, 9)).toEqual([1, 'ellipsis', 3, 4, 5, 'ellipsis', 9]);
    expect(pageSlots(6, 9)).toEqual([1, 'ellipsis', 5, 6, 7, 'ellipsis', 9]);
    expect(pageSlots(7, 9)).toEqual([1, 'ellipsis', 5, 6, 7, 8, 9]);
  });

  it('clamps a page outside 1..total', () => {
    expect(pageSlots(0, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 20]);
    expect(pageSlots(99, 20)).toEqual([1, 'ellipsis', 16, 17, 18, 19, 20]);
  });
});
