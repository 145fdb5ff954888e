import type {
  AccountExport,
  ImportJob,
  ImportJobItem,
  ImportJobItemsResponse,
} from '../../../contract/account.js';
import type { ContextResponse } from '../../../contract/context.js';
import type { TraceVersionList } from '../../../contract/history.js';
import type { ActorKind } from '../../../contract/provenance.js';
import type {
  CreateProjectRequest,
  DeleteProjectResponse,
  Project,
  ProjectList,
  UpdateProjectRequest,
} from '../../../contract/projects.js';
import type { SearchRequest, SearchResponse } from '../../../contract/search.js';
import type { TagChangeResponse, TagCount } from '../../../contract/tags.js';
import type { BulkTracesRequest, BulkTracesResponse } from '../../../contract/trace-bulk.js';
import type {
  CreateTraceRequest,
  CreateTraceResponse,
  SimilarTraces,
  StatsResponse,
  Trace,
  TraceDetail,
  TraceListResponse,
  UpdateTraceRequest,
} from '../../../contract/traces.js';
import { CairnConnectionError, CairnError, errorFor } from './errors.js';

export type CairnOptions = {
  /** Where Cairn runs, e.g. https://cairn.example.com */
  baseUrl: string;
  /**
   * An API key (cairn_…), or in `accessToken` a web-session access token: sent as a Bearer token
   * either way. OAuth access tokens are for /mcp only; the REST API answers them 401 invalid_token.
   */
  apiKey?: string;
  accessToken?: string;
  /**
   * Retries of an answer that says the request was not processed (429, 503 `overloaded`; any 503
   * for a GET), honouring Retry-After; default 3. A POST, PATCH or DELETE answered 503
   * `request_timeout` may have been processed and is never sent again.
   */
  maxRetries?: number;
  /** Longest wait between retries, in seconds; default 30. */
  maxRetryDelay?: number;
  /** A fetch to use instead of the global one (tests, proxies). */
  fetch?: typeof fetch;
};

export type ListOptions = {
  search?: string;
  category?: Trace['category'];
  importance?: Trace['importance'];
  tags?: string[];
  page?: number;
  pageSize?: number;
  /** A project's name: its traces and personal ones; `*` or left out: every trace (ADR 0029). */
  project?: string;
  /** With `project`: only that project's traces, no personal ones. */
  project_only?: boolean;
  /** Only traces created this way: web, api_key, oauth_client (an assistant) or import (ADR 0033). */
  created_by_kind?: ActorKind;
};
export type ExportFormat = 'json' | 'markdown' | 'mcp-memory';
export type ImportBody = string | Uint8Array | ArrayBuffer | Blob;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds from a Retry-After header: a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

/** Methods the server treats as reads: sending one twice changes nothing. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether an error answer may be retried. 429 and 503 `overloaded` are refused before any work
 * (the rate limit, the admission queue), so any method may repeat. Any other 503 (a request that
 * ran past its deadline, a database that went away mid-request) may have been processed: a
 * write repeated then is a second write (issue 26: an import uploaded four times), so only a
 * read repeats.
 */
export function mayRetry(method: string, status: number, code: string | undefined): boolean {
  if (status === 429) return true;
  if (status !== 503) return false;
  return code === 'overloaded' || IDEMPOTENT.has(method.toUpperCase());
}

/** A client for one Cairn server and one credential. Every method maps to one REST call. */
export class Cairn {
  private readonly base: string;
  private readonly token: string | undefined;
  private readonly maxRetries: number;
  private readonly maxRetryDelay: number;
  private readonly fetchImpl: typeof fetch;

  constructor(options: CairnOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.token = options.apiKey ?? options.accessToken;
    this.maxRetries = options.maxRetries ?? 3;
    this.maxRetryDelay = options.maxRetryDelay ?? 30;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** One call, retried only when the answer says it was not processed, or it was a read (mayRetry). */
  private async send(
    method: string,
    path: string,
    init: { query?: object; json?: unknown; body?: ImportBody; contentType?: string } = {},
  ): Promise<Response> {
    const url = new URL(this.base + path);
    for (const [k, v] of Object.entries(init.query ?? {})) {
      if (v === undefined || v === null) continue;
      url.searchParams.set(k, Array.isArray(v) ? v.join(',') : String(v));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.body !== undefined) {
      headers['content-type'] = init.contentType ?? 'application/octet-stream';
      body = init.body as BodyInit;
    }
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetchImpl(url, { method, headers, body });
      } catch (err) {
        // No answer: a read is tried again; a write may have reached the server, so it is not.
        if (method === 'GET' && attempt < this.maxRetries) {
          await sleep(Math.min(this.maxRetryDelay, 0.5 * 2 ** attempt) * 1000);
          continue;
        }
        throw new CairnConnectionError(this.base, err);
      }
      if (res.ok) return res;
      const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
      const text = await res.text();
      let parsed: { error?: string; code?: string } = {};
      try {
        parsed = JSON.parse(text) as typeof parsed;
      } catch {
        parsed = { error: text || res.statusText };
      }
      const code = typeof parsed.code === 'string' ? parsed.code : undefined;
      if (mayRetry(method, res.status, code) && attempt < this.maxRetries) {
        const wait = Math.min(this.maxRetryDelay, retryAfter ?? 0.5 * 2 ** attempt);
        await sleep(wait * 1000);
        continue;
      }
      throw errorFor(res.status, parsed, retryAfter);
    }
  }

  private async json<T>(method: string, path: string, init?: Parameters<Cairn['send']>[2]): Promise<T> {
    const res = await this.send(method, path, init);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  // Traces

  listTraces(options: ListOptions = {}): Promise<TraceListResponse> {
    return this.json('GET', '/api/traces', { query: options });
  }

  /** Every trace matching the filters, page after page, as an async iterator. */
  async *iterateTraces(options: Omit<ListOptions, 'page'> = {}): AsyncGenerator<Trace> {
    for (let page = 1; ; page++) {
      const res = await this.listTraces({ pageSize: 100, ...options, page });
      yield* res.traces;
      if (page >= res.totalPages) return;
    }
  }

  /** Saves a trace; `created` is false (and `duplicate_of` set) when the same content exists. */
  createTrace(input: CreateTraceRequest): Promise<CreateTraceResponse> {
    return this.json('POST', '/api/traces', { json: input });
  }

  /** One trace, with `replaces`: the older traces it replaced (ADR 0034). */
  getTrace(id: string): Promise<TraceDetail> {
    return this.json('GET', `/api/traces/${encodeURIComponent(id)}`);
  }

  updateTrace(id: string, patch: UpdateTraceRequest): Promise<Trace> {
    return this.json('PATCH', `/api/traces/${encodeURIComponent(id)}`, { json: patch });
  }

  async deleteTrace(id: string): Promise<void> {
    await this.send('DELETE', `/api/traces/${encodeURIComponent(id)}`);
  }

  restoreTrace(id: string): Promise<Trace> {
    return this.json('POST', `/api/traces/${encodeURIComponent(id)}/restore`);
  }

  /** Marks a trace replaced by the newer trace `by` (ADR 0034): kept, but it leaves search and the briefing. */
  supersedeTrace(id: string, by: string): Promise<Trace> {
    return this.json('PUT', `/api/traces/${encodeURIComponent(id)}/superseded_by`, { json: { id: by } });
  }

  /** Undoes supersedeTrace: the trace holds again and returns to search. */
  markCurrent(id: string): Promise<Trace> {
    return this.json('DELETE', `/api/traces/${encodeURIComponent(id)}/superseded_by`);
  }

  /**
   * One action on up to 100 traces at once (delete, restore, set_category, add_tag, remove_tag,
   * move_to_project with `project`: a name, or null for personal);
   * answers the ids it changed: others' ids and traces with nothing to do are left out.
   */
  bulkTraces(request: BulkTracesRequest): Promise<BulkTracesResponse> {
    return this.json('POST', '/api/traces/bulk', { json: request });
  }

  /** The near-duplicates Cairn found for a trace (by words at once, by meaning once it is embedded). */
  similarTraces(id: string): Promise<SimilarTraces> {
    return this.json('GET', `/api/traces/${encodeURIComponent(id)}/similar`);
  }

  // History (ADR 0033)

  /** A trace's earlier versions, newest first: the fields as they were, what changed, when and by whom. */
  versions(id: string): Promise<TraceVersionList> {
    return this.json('GET', `/api/traces/${encodeURIComponent(id)}/versions`);
  }

  /** Brings a version back: an edit like any other (it keeps the version it replaces). */
  restoreVersion(id: string, version: number): Promise<Trace> {
    return this.json('POST', `/api/traces/${encodeURIComponent(id)}/versions/${version}/restore`);
  }

  // Projects (a trace in at most one; ADR 0029)

  /** Your projects with their trace counts, and how many traces are personal. */
  listProjects(options: { archived?: boolean } = {}): Promise<ProjectList> {
    return this.json('GET', '/api/projects', { query: options });
  }

  createProject(input: CreateProjectRequest): Promise<Project> {
    return this.json('POST', '/api/projects', { json: input });
  }

  /** Renames, describes, archives (archived: true) or brings back (false) a project. */
  updateProject(id: string, patch: UpdateProjectRequest): Promise<Project> {
    return this.json('PATCH', `/api/projects/${encodeURIComponent(id)}`, { json: patch });
  }

  /** Its traces become personal (the default) or are deleted (restorable for 30 days). */
  deleteProject(
    id: string,
    options: { traces?: 'personal' | 'delete' } = {},
  ): Promise<DeleteProjectResponse> {
    return this.json('DELETE', `/api/projects/${encodeURIComponent(id)}`, { query: options });
  }

  /**
   * The session briefing (ADR 0030): pinned and important memories first, then the most used and
   * recent, then those relevant to `task`, within `max_tokens` (estimated as characters / 4).
   */
  context(options: { project?: string; task?: string; max_tokens?: number } = {}): Promise<ContextResponse> {
    return this.json('GET', '/api/context', { query: options });
  }

  // Search and stats

  search(request: SearchRequest | string): Promise<SearchResponse> {
    return this.json('POST', '/api/search', {
      json: typeof request === 'string' ? { query: request } : request,
    });
  }

  stats(): Promise<StatsResponse> {
    return this.json('GET', '/api/stats');
  }

  // Tags

  /** Every tag with how many active traces carry it, most used first. */
  listTags(): Promise<TagCount[]> {
    return this.json('GET', '/api/tags');
  }

  /** Renames a tag on every trace; a ConflictError (`tag_exists`) when the name is taken: merge instead. */
  renameTag(tag: string, name: string): Promise<TagChangeResponse> {
    return this.json('PATCH', `/api/tags/${encodeURIComponent(tag)}`, { json: { name } });
  }

  /** Every trace carrying one of `tags` carries `into` instead, once. */
  mergeTags(tags: string[], into: string): Promise<TagChangeResponse> {
    return this.json('POST', '/api/tags/merge', { json: { tags, into } });
  }

  /** Removes a tag from every trace; the traces stay. */
  deleteTag(tag: string): Promise<TagChangeResponse> {
    return this.json('DELETE', `/api/tags/${encodeURIComponent(tag)}`);
  }

  // Export and import

  /** The whole account as Cairn JSON. */
  /** The account as Cairn JSON; with `include_history`, each trace's earlier versions too. */
  exportAccount(options: { include_history?: boolean } = {}): Promise<AccountExport> {
    return this.json('GET', '/api/account/export', { query: { format: 'json', ...options } });
  }

  /** An export as a byte stream (any format), to write to a file without holding it in memory. */
  async exportStream(format: ExportFormat = 'json'): Promise<ReadableStream<Uint8Array>> {
    const res = await this.send('GET', '/api/account/export', { query: { format } });
    if (!res.body) throw new CairnError(500, { error: 'The export has no body' });
    return res.body;
  }

  /**
   * Uploads a file to import and returns its complete preview; nothing is saved until
   * startImport. A large file is answered while still being read (status `staging`): this polls
   * until it is ready (or failed). The upload itself is never resent (mayRetry).
   */
  async uploadImport(
    file: ImportBody,
    options: { name?: string; intervalMs?: number } = {},
  ): Promise<ImportJob> {
    let job = await this.json<ImportJob>('POST', '/api/account/import/jobs', {
      body: file,
      query: { name: options.name },
    });
    while (job.status === 'staging') {
      await sleep(options.intervalMs ?? 1000);
      job = await this.getImport(job.id);
    }
    return job;
  }

  listImports(): Promise<{ jobs: ImportJob[] }> {
    return this.json('GET', '/api/account/import/jobs');
  }

  getImport(id: string): Promise<ImportJob> {
    return this.json('GET', `/api/account/import/jobs/${encodeURIComponent(id)}`);
  }

  importItems(
    id: string,
    query: { kind?: ImportJobItem['kind']; after?: number; limit?: number } = {},
  ): Promise<ImportJobItemsResponse> {
    return this.json('GET', `/api/account/import/jobs/${encodeURIComponent(id)}/items`, { query });
  }

  /** The per-item report of an import, every item, as an async iterator. */
  async *iterateImportItems(id: string, kind?: ImportJobItem['kind']): AsyncGenerator<ImportJobItem> {
    for (let after: number | null = 0; after !== null;) {
      const page: ImportJobItemsResponse = await this.importItems(id, { kind, after, limit: 500 });
      yield* page.items;
      after = page.next_after;
    }
  }

  startImport(id: string, options: { skip_near_duplicates?: boolean } = {}): Promise<ImportJob> {
    return this.json('POST', `/api/account/import/jobs/${encodeURIComponent(id)}/start`, { json: options });
  }

  cancelImport(id: string): Promise<ImportJob> {
    return this.json('POST', `/api/account/import/jobs/${encodeURIComponent(id)}/cancel`);
  }

  /** Polls a started import until it is done, cancelled or failed. */
  async waitForImport(
    id: string,
    options: { intervalMs?: number; onProgress?: (job: ImportJob) => void } = {},
  ): Promise<ImportJob> {
    for (;;) {
      const job = await this.getImport(id);
      options.onProgress?.(job);
      if (job.status === 'done' || job.status === 'cancelled' || job.status === 'failed') return job;
      await sleep(options.intervalMs ?? 1000);
    }
  }
}
