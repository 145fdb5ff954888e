import { CATEGORIES, type Category, TRACE_SORTS, type TraceSort } from '../../../contract/traces.js';

export type TraceView = 'cards' | 'table';
/** "List" is the plain list (in its `sort`); "Best match" ranks by relevance through POST /api/search (ADR 0008). */
export type TraceOrder = 'newest' | 'best';

/** What the traces list shows, kept in the URL so a reload or a shared link shows the same list. */
export type TraceListState = {
  search: string;
  category: Category | null;
  /** One tag the list is filtered by (a click on a tag chip), or null. */
  tag: string | null;
  page: number;
  /** null when the URL does not say: the remembered choice applies. */
  view: TraceView | null;
  order: TraceOrder;
  /** The plain list's sort (GET /api/traces `sort`); "Best match" has its own ranking. */
  sort: TraceSort;
};

const isSort = (v: string | null): v is TraceSort => TRACE_SORTS.includes(v as TraceSort);
const isCategory = (v: string | null): v is Category => CATEGORIES.includes(v as Category);

export function readListParams(params: URLSearchParams): TraceListState {
  const page = Number(params.get('page'));
  const view = params.get('view');
  return {
    search: params.get('search') ?? '',
    category: isCategory(params.get('category')) ? (params.get('category') as Category) : null,
    tag: params.get('tag')?.trim().toLowerCase() || null,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    view: view === 'cards' || view === 'table' ? view : null,
    order: params.get('order') === 'best' ? 'best' : 'newest',
    sort: isSort(params.get('sort')) ? (params.get('sort') as TraceSort) : 'newest',
  };
}

/**
 * The URL after a change. A change of search or category goes back to page 1 (page 3 of an old filter means nothing);
 * defaults are left out so the plain list stays /app/traces; other parameters are kept.
 */
export function writeListParams(params: URLSearchParams, patch: Partial<TraceListState>): URLSearchParams {
  const current = readListParams(params);
  const next: TraceListState = { ...current, ...patch };
  const filterChanged =
    (patch.search !== undefined && patch.search !== current.search) ||
    (patch.category !== undefined && patch.category !== current.category) ||
    (patch.tag !== undefined && patch.tag !== current.tag) ||
    (patch.sort !== undefined && patch.sort !== current.sort);
  if (filterChanged && patch.page === undefined) next.page = 1;

  const out = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
  set('search', next.search);
  set('category', next.category);
  set('tag', next.tag);
  set('page', next.page > 1 ? String(next.page) : null);
  set('view', next.view);
  set('order', next.order === 'best' ? 'best' : null);
  set('sort', next.sort === 'newest' ? null : next.sort);
  return out;
}
