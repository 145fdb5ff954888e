import type { Config } from './config.js';

/**
 * The few REST calls the tools need. Shapes are Cairn's public REST API (its OpenAPI document at
 * /api/openapi.json); this package is published on its own, so it keeps its own small copies.
 */

export type Trace = {
  id: string;
  title: string | null;
  content: string;
  category: string;
  importance: string;
  tags: string[];
  created_at: string;
  updated_at: string;
  duplicate_of?: string;
  /** The project it belongs to (null: personal); servers before projects send none. */
  project?: string | null;
  pinned?: boolean;
  /** What created and last changed it (the web app, an API key, an assistant, an import); older servers send none. */
  created_by?: Actor | null;
  updated_by?: Actor | null;
  /** Set when a newer trace replaced it; servers before superseding send none. */
  superseded_at?: string | null;
  superseded_by?: { id: string; title: string | null } | null;
  /** On a read by id: the older traces it replaced, newest first; older servers send none. */
  replaces?: { id: string; title: string | null }[];
  /** On create: near-duplicates, and memories on the same subject the new one may replace. */
  similar?: Related[];
  possibly_outdated?: Related[];
};

export type Related = { id: string; title: string | null; similarity: number; found_by: string };

/** A writer of a trace, named as the server names it. */
export type Actor = { kind: string; id: string | null; name: string };

export type SearchHit = {
  id: string;
  title: string | null;
  content: string;
  category: string;
  importance: string;
  tags: string[];
  created_at: string;
  snippet?: string;
  /** 0–1, the same scale for every query (absent from a list match). */
  relevance?: number;
  /** Listed although nothing reached the server's threshold: the closest few. */
  weak?: true;
  project?: string | null;
  superseded_at?: string | null;
};

export type Briefing = { items: unknown[]; [key: string]: unknown };

export type CreateInput = {
  title: string;
  content: string;
  category?: string;
  importance?: string;
  tags?: string[];
  project?: string;
  pinned?: boolean;
  /** Ids of older traces the new one replaces. */
  supersedes?: string[];
};
export type UpdateInput = Partial<Omit<CreateInput, 'project' | 'supersedes'>> & { project?: string | null };

/** A failure a person can act on; the message says what went wrong and what to do. */
export class CairnError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** The server's stable code (`not_found`, `unknown_project`, …). */
    readonly code?: string,
  ) {
    super(message);
  }
}

type ErrorBody = { error?: string; code?: string; details?: { path?: string; message?: string }[] };

const isUnknownProject = (err: unknown) => err instanceof CairnError && err.code === 'unknown_project';
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function createCairnApi(config: Config, fetchImpl: typeof fetch = fetch) {
  const { baseUrl, apiKey, timeoutMs } = config;

  async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
    let res: Response;
    try {
      res = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw networkError(err, baseUrl, timeoutMs);
    }
    if (res.status === 204) return { status: 204, data: undefined as T };
    const text = await res.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      throw new CairnError(
        `The server at ${baseUrl} did not answer like Cairn (HTTP ${res.status}, ${res.headers.get('content-type') ?? 'no content type'}): is CAIRN_URL right?`,
        res.status,
      );
    }
    if (res.ok) return { status: res.status, data: parsed as T };
    throw httpError(res.status, (parsed ?? {}) as ErrorBody, baseUrl);
  }

  /** The Markdown of GET /api/context?format=text. */
  async function callText(path: string): Promise<string> {
    let res: Response;
    try {
      res = await fetchImpl(`${baseUrl}${path}`, {
        headers: { authorization: `Bearer ${apiKey}`, accept: 'text/markdown, text/plain' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw networkError(err, baseUrl, timeoutMs);
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      let body: ErrorBody = {};
      try {
        body = JSON.parse(text) as ErrorBody;
      } catch {
        // Not JSON: the status says enough.
      }
      throw httpError(res.status, body, baseUrl);
    }
    return text;
  }

  /**
   * Over /mcp an assistant naming a new project creates it; REST refuses an unknown name, so the
   * project is created (POST /api/projects; a 409 means someone just did) and the call made again.
   */
  async function withProject<T>(project: string | undefined, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (err) {
      if (!project || !isUnknownProject(err)) throw err;
      try {
        await call('POST', '/api/projects', { name: project });
      } catch (created) {
        if (!(created instanceof CairnError) || created.status !== 409) throw created;
      }
      return send();
    }
  }

  return {
    /**
     * Ranked search (POST /api/search), weak matches included as the server's own MCP search does;
     * servers without it answer 404, then the list's text match.
     */
    async search(
      query: string,
      limit: number,
      project?: string,
      includeSuperseded?: boolean,
    ): Promise<{ results: SearchHit[]; message?: string }> {
      const ranked = (p?: string) =>
        call<{ results: SearchHit[]; message?: string }>('POST', '/api/search', {
          query,
          limit,
          weak_matches: true,
          ...(p === undefined ? {} : { project: p }),
          ...(includeSuperseded ? { include_superseded: true } : {}),
        });
      try {
        return (await ranked(project)).data;
      } catch (err) {
        // A workspace whose project does not exist yet sees the personal memories, as over /mcp:
        // REST refuses the unknown name, so search everything and keep the personal results.
        if (isUnknownProject(err)) {
          const { data } = await ranked(undefined);
          return { ...data, results: data.results.filter((r) => r.project === null) };
        }
        if (!(err instanceof CairnError) || err.status !== 404) throw err;
      }
      const params = new URLSearchParams({ search: query.slice(0, 500), pageSize: String(limit) });
      const { data } = await call<{ traces: SearchHit[] }>('GET', `/api/traces?${params.toString()}`);
      return { results: data.traces };
    },
    /** With `project`: a trace of another project is not found (a personal one is), as over /mcp. */
    async get(id: string, project?: string): Promise<Trace> {
      const trace = (await call<Trace>('GET', `/api/traces/${encodeURIComponent(id)}`)).data;
      if (project && project !== '*' && trace.project && !sameName(trace.project, project)) {
        throw new CairnError('Trace not found', 404, 'not_found');
      }
      return trace;
    },
    async create(input: CreateInput): Promise<{ trace: Trace; created: boolean }> {
      const { status, data } = await withProject(input.project, () =>
        call<Trace>('POST', '/api/traces', input),
      );
      return { trace: data, created: status === 201 };
    },
    async update(id: string, patch: UpdateInput): Promise<Trace> {
      const path = `/api/traces/${encodeURIComponent(id)}`;
      return (await withProject(patch.project ?? undefined, () => call<Trace>('PATCH', path, patch))).data;
    },
    /** The session briefing (GET /api/context): the items as JSON, and the Markdown to read. */
    async context(input: { project?: string; task?: string; max_tokens?: number }) {
      const query = (format: string) =>
        new URLSearchParams({
          format,
          ...(input.project ? { project: input.project } : {}),
          ...(input.task ? { task: input.task } : {}),
          ...(input.max_tokens ? { max_tokens: String(input.max_tokens) } : {}),
        }).toString();
      const { data } = await call<Briefing>('GET', `/api/context?${query('json')}`);
      const text = await callText(`/api/context?${query('text')}`);
      return { briefing: data, text };
    },
    /** Marks each older trace replaced by `by`, one call each; returns them as they now are. */
    async supersede(ids: readonly string[], by: string): Promise<Trace[]> {
      const marked: Trace[] = [];
      for (const id of ids) {
        const path = `/api/traces/${encodeURIComponent(id)}/superseded_by`;
        marked.push((await call<Trace>('PUT', path, { id: by })).data);
      }
      return marked;
    },
    async remove(id: string): Promise<void> {
      await call<undefined>('DELETE', `/api/traces/${encodeURIComponent(id)}`);
    },
    /** A cheap authenticated call, to report a bad key or address at start-up. */
    async check(): Promise<void> {
      await call('GET', '/api/traces?pageSize=1');
    },
  };
}

export type CairnApi = ReturnType<typeof createCairnApi>;

function networkError(err: unknown, baseUrl: string, timeoutMs: number): CairnError {
  const name = (err as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new CairnError(
      `Cairn at ${baseUrl} did not answer within ${timeoutMs / 1000} s (raise CAIRN_TIMEOUT_MS if it is just slow)`,
    );
  }
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const why = cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
  return new CairnError(
    `Cannot reach Cairn at ${baseUrl} (${why}): is the server running and CAIRN_URL right?`,
  );
}

function httpError(status: number, body: ErrorBody, baseUrl: string): CairnError {
  const said = body.error ?? `HTTP ${status}`;
  const details = body.details
    ?.map((d) => (d.path ? `${d.path}: ${d.message ?? ''}` : (d.message ?? '')))
    .filter(Boolean)
    .join('; ');
  if (status === 401) {
    return new CairnError(
      `Cairn rejected the API key (401): it is unknown, mistyped or revoked. Create one at ${baseUrl}/app/settings/api-keys and set CAIRN_API_KEY.`,
      status,
    );
  }
  if (status === 403) {
    return new CairnError(
      `Not allowed (403): ${said}. Give the key the permission it needs, or use another key.`,
      status,
    );
  }
  if (status >= 500)
    return new CairnError(`Cairn failed (HTTP ${status}): ${said}. Try again later.`, status);
  return new CairnError(
    details && !said.includes(details) ? `${said} (${details})` : said,
    status,
    body.code,
  );
}
