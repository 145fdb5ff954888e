import { ACTOR_KINDS, type ActorKind } from '../../../contract/provenance.js';
import {
  CATEGORIES,
  type Category,
  IMPORTANCES,
  type Importance,
  TRACE_SORTS,
  type TraceSort,
} from '../../../contract/traces.js';

export type TraceView = 'cards' | 'table';

/**
 * What the traces list shows, kept in the URL so a reload, a shared link and Back show the same
 * list. With words in `search` the page is one ranked list (ADR 0026); without, the plain list in
 * its `sort`.
 */
export type TraceListState = {
  search: string;
  category: Category | null;
  importance: Importance | null;
  /** Tags the traces must all carry (a click on a tag chip, the tag filter). */
  tags: string[];
  /**
   * One project's traces (by name); PERSONAL_ONLY (the empty name, `project=` in the URL): those
   * in no project; null: every trace (ADR 0029).
   */
  project: string | null;
  /** Only traces created this way (ADR 0033; the URL's `created_by`); null: by anyone. */
  createdBy: ActorKind | null;
  page: number;
  /** null when the URL does not say: the remembered choice applies. */
  view: TraceView | null;
  /** The plain list's sort (GET /api/traces `sort`); a search ranks by relevance first. */
  sort: TraceSort;
};

const isSort = (v: string | null): v is TraceSort => TRACE_SORTS.includes(v as TraceSort);
const isCategory = (v: string | null): v is Category => CATEGORIES.includes(v as Category);
const isImportance = (v: string | null): v is Importance => IMPORTANCES.includes(v as Importance);
const isActorKind = (v: string | null): v is ActorKind => ACTOR_KINDS.includes(v as ActorKind);

/** Tags as the server stores them: trimmed, lower-cased, once each. */
export function cleanTags(raw: readonly string[]): string[] {
  return [...new Set(raw.map((t) => t.trim().toLowerCase()).filter(Boolean))];
}

export function readListParams(params: URLSearchParams): TraceListState {
  const page = Number(params.get('page'));
  const view = params.get('view');
  const category = params.get('category');
  const importance = params.get('importance');
  const sort = params.get('sort');
  const createdBy = params.get('created_by');
  return {
    search: params.get('search') ?? '',
    category: isCategory(category) ? category : null,
    importance: isImportance(importance) ? importance : null,
    // `tag=` is how links made before several tags read; they still work.
    tags: cleanTags([...(params.get('tags') ?? '').split(','), params.get('tag') ?? '']),
    // Present but empty is a value: the personal traces only (no project can have that name).
    project: params.get('project')?.trim() ?? null,
    createdBy: isActorKind(createdBy) ? createdBy : null,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    view: view === 'cards' || view === 'table' ? view : null,
    sort: isSort(sort) ? sort : 'newest',
  };
}

/**
 * The URL after a change. A change of what is shown (search, a filter, the sort) goes back to
 * page 1 (page 3 of an old filter means nothing); defaults are left out so the plain list stays
 * /app/traces; other parameters are kept.
 */
export function writeListParams(params: URLSearchParams, patch: Partial<TraceListState>): URLSearchParams {
  const current = readListParams(params);
  const next: TraceListState = { ...current, ...patch };
  const changed = (k: 'search' | 'category' | 'importance' | 'sort' | 'project' | 'createdBy') =>
    patch[k] !== undefined && patch[k] !== current[k];
  const tagsChanged = patch.tags !== undefined && patch.tags.join(',') !== current.tags.join(',');
  if (
    (changed('search') ||
      changed('category') ||
      changed('importance') ||
      changed('sort') ||
      changed('project') ||
      changed('createdBy') ||
      tagsChanged) &&
    patch.page === undefined
  )
    next.page = 1;

  const out = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
  set('search', next.search);
  set('category', next.category);
  set('importance', next.importance);
  out.delete('tag');
  set('tags', cleanTags(next.tags).join(','));
  if (next.project === null) out.delete('project');
  else out.set('project', next.project);
  set('created_by', next.createdBy);
  set('page', next.page > 1 ? String(next.page) : null);
  set('view', next.view);
  // "Best match" was a mode of its own before the one search box: an old link just searches.
  out.delete('order');
  set('sort', next.sort === 'newest' ? null : next.sort);
  return out;
}

/** Anything narrowing the list besides the words. */
export const hasFilters = (s: TraceListState) =>
  s.category !== null ||
  s.importance !== null ||
  s.tags.length > 0 ||
  s.project !== null ||
  s.createdBy !== null;
