/** One slot of the pagination footer: a page number or a gap. */
export type PageSlot = number | 'ellipsis';

/** Above this many pages the buttons are compacted, so the row fits a phone. */
export const PAGINATION_COMPACT_ABOVE = 7;

/**
 * The page buttons to show under the traces list:
 * - 7 pages or fewer: all pages;
 * - on page 3 or lower: pages 1 to 5, ellipsis, last;
 * - within 2 of the end: first, ellipsis, last 5;
 * - else: first, ellipsis, current-1 to current+1, ellipsis, last.
 * `current` is clamped into 1..total so a stale page number still gives sensible buttons.
 */
export function pageSlots(current: number, total: number): PageSlot[] {
  if (total <= 0) return [];
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (total <= PAGINATION_COMPACT_ABOVE) return range(1, total);
  const page = Math.min(Math.max(1, Math.trunc(current)), total);
  if (page <= 3) return [...range(1, 5), 'ellipsis', total];
  if (page >= total - 2) return [1, 'ellipsis', ...range(total - 4, total)];
  return [1, 'ellipsis', page - 1, page, page + 1, 'ellipsis', total];
}
