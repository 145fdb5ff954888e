import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ActorKind } from '../../../contract/provenance.js';
import type {
  Category,
  Importance,
  TraceSort,
  CreateTraceRequest,
  CreateTraceResponse,
  SimilarTraces,
  Trace,
  TraceDetail,
  TraceListResponse,
  UpdateTraceRequest,
  UpdateTraceResponse,
} from '../../../contract/traces.js';
import { TRACE_LIMITS } from '../../../contract/traces.js';
import { api } from '../lib/api-client.js';
import { searchKeys } from './search.js';
import { statsKeys } from './stats.js';

export type TraceListParams = {
  search?: string;
  category?: Category | null;
  importance?: Importance | null;
  /** The traces must carry all of these. */
  tags?: readonly string[];
  sort?: TraceSort;
  page?: number;
  pageSize?: number;
  /** Ids left out: the ranked results the search box already shows (ADR 0026). */
  exclude?: readonly string[];
  /**
   * One project's traces only (personal ones left out); PERSONAL_ONLY (''): the personal traces;
   * null or left out: every trace.
   */
  project?: string | null;
  /** Only traces created this way (web app, API key, assistant, import; ADR 0033). */
  createdBy?: ActorKind | null;
};

/** Query keys of the projects: their counts change with every trace change, so they live here. */
export const projectsKeys = {
  all: ['projects'] as const,
  list: (archived: boolean) => ['projects', 'list', { archived }] as const,
};

/** Query keys: everything under ['traces'] goes stale together after any change to a trace. */
export const tracesKeys = {
  all: ['traces'] as const,
  list: (p: TraceListParams) =>
    [
      'traces',
      'list',
      {
        search: p.search ?? '',
        category: p.category ?? null,
        importance: p.importance ?? null,
        tags: p.tags ?? [],
        sort: p.sort ?? 'newest',
        page: p.page ?? 1,
        pageSize: p.pageSize ?? TRACE_LIMITS.pageSizeDefault,
        exclude: p.exclude ?? [],
        project: p.project ?? null,
        createdBy: p.createdBy ?? null,
      },
    ] as const,
  detail: (id: string) => ['traces', 'detail', id] as const,
  similar: (id: string) => ['traces', 'similar', id] as const,
};

const tracePath = (id: string) => `/api/traces/${encodeURIComponent(id)}`;

/** The list's query string: empty filters left out. */
function listQuery(p: ReturnType<typeof tracesKeys.list>[2]) {
  return {
    search: p.search.trim() || undefined,
    category: p.category,
    importance: p.importance,
    tags: p.tags.length ? p.tags : undefined,
    exclude: p.exclude.length ? p.exclude : undefined,
    project: p.project ?? undefined,
    project_only: p.project ? 'true' : undefined,
    created_by_kind: p.createdBy ?? undefined,
    sort: p.sort,
    page: p.page,
    pageSize: p.pageSize,
  };
}

/**
 * One page of the list in its sort (newest first by default). The previous page stays shown
 * while the next loads. `enabled` false waits (the search box's second part waits for the first).
 */
export function useTraces(params: TraceListParams, opts: { enabled?: boolean } = {}) {
  const key = tracesKeys.list(params);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api<TraceListResponse>('/api/traces', { query: listQuery(key[2]), signal }),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  });
}

/**
 * Every trace the filters match, a hundred a request: "select all N matching" and the export of
 * a selection need them all, not only the page on screen.
 */
export async function fetchAllMatching(params: Omit<TraceListParams, 'page' | 'pageSize'>): Promise<Trace[]> {
  const out: Trace[] = [];
  for (let page = 1; ; page++) {
    const key = tracesKeys.list({ ...params, page, pageSize: TRACE_LIMITS.pageSizeMax });
    const res = await api<TraceListResponse>('/api/traces', { query: listQuery(key[2]) });
    out.push(...res.traces);
    if (page >= res.totalPages) return out;
  }
}

/** One trace, outside a hook: the export of a selection completes what a search result lacks. */
export function fetchTrace(id: string): Promise<Trace> {
  return api<Trace>(tracePath(id));
}

/**
 * One trace, with what it replaced (`replaces`). An edit's or a mark's answer is put in the cache
 * as it comes (a plain Trace, without `replaces`) until the read that follows brings the list back.
 */
export function useTrace(id: string) {
  return useQuery<Trace & Partial<Pick<TraceDetail, 'replaces'>>>({
    queryKey: tracesKeys.detail(id),
    queryFn: ({ signal }) => api<TraceDetail>(tracePath(id), { signal }),
    // "Trace not found" is an answer, not a hiccup worth retrying.
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 1,
  });
}

/** Near-duplicates kept for a trace (by words or meaning); refreshed with every trace change. */
export function useSimilarTraces(id: string) {
  return useQuery({
    queryKey: tracesKeys.similar(id),
    queryFn: ({ signal }) => api<SimilarTraces>(`${tracePath(id)}/similar`, { signal }),
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 1,
  });
}

/**
 * After any change to a trace: the lists, the detail pages, the dashboard's numbers and ranked
 * search answers may all be out of date, and nothing stale may show.
 */
export function invalidateAfterTraceChange(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: tracesKeys.all }),
    queryClient.invalidateQueries({ queryKey: statsKeys.all }),
    queryClient.invalidateQueries({ queryKey: searchKeys.all }),
    queryClient.invalidateQueries({ queryKey: projectsKeys.all }),
  ]).then(() => undefined);
}

export function useCreateTrace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTraceRequest) =>
      api<CreateTraceResponse>('/api/traces', { method: 'POST', body }),
    onSettled: () => invalidateAfterTraceChange(queryClient),
  });
}

export function useUpdateTrace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateTraceRequest }) =>
      api<UpdateTraceResponse>(tracePath(id), { method: 'PATCH', body: changes }),
    onSuccess: (trace) => queryClient.setQueryData(tracesKeys.detail(trace.id), trace),
    onSettled: () => invalidateAfterTraceChange(queryClient),
  });
}

/** Deletes a trace (restoreTrace undoes it). A plain function: the caller owns its toasts and Undo. */
export function deleteTrace(id: string): Promise<void> {
  return api<void>(tracePath(id), { method: 'DELETE' });
}

/**
 * Undo a delete (POST /api/traces/:id/restore). A plain function rather than a hook: it runs from
 * a toast's Undo button, possibly after the page that deleted the trace has gone.
 */
export async function restoreTrace(queryClient: QueryClient, id: string): Promise<Trace> {
  try {
    const trace = await api<Trace>(`${tracePath(id)}/restore`, { method: 'POST' });
    queryClient.setQueryData(tracesKeys.detail(trace.id), trace);
    return trace;
  } finally {
    await invalidateAfterTraceChange(queryClient);
  }
}
