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
};

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
};

export type CreateInput = {
  title: string;
  content: string;
  category?: string;
  importance?: string;
  tags?: string[];
};
export type UpdateInput = Partial<CreateInput>;

/** A failure a person can act on; the message says what went wrong and what to do. */
export class CairnError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

type ErrorBody = { error?: string; details?: { path?: string; message?: string }[] };

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

  return {
    /**
     * Ranked search (POST /api/search), weak matches included as the server's own MCP search does;
     * servers without it answer 404, then the list's text match.
     */
    async search(query: string, limit: number): Promise<{ results: SearchHit[]; message?: string }> {
      try {
        const { data } = await call<{ results: SearchHit[]; message?: string }>('POST', '/api/search', {
          query,
          limit,
          weak_matches: true,
        });
        return data;
      } catch (err) {
        if (!(err instanceof CairnError) || err.status !== 404) throw err;
      }
      const params = new URLSearchParams({ search: query.slice(0, 500), pageSize: String(limit) });
      const { data } = await call<{ traces: SearchHit[] }>('GET', `/api/traces?${params.toString()}`);
      return { results: data.traces };
    },
    async get(id: string): Promise<Trace> {
      return (await call<Trace>('GET', `/api/traces/${encodeURIComponent(id)}`)).data;
    },
    async create(input: CreateInput): Promise<{ trace: Trace; created: boolean }> {
      const { status, data } = await call<Trace>('POST', '/api/traces', input);
      return { trace: data, created: status === 201 };
    },
    async update(id: string, patch: UpdateInput): Promise<Trace> {
      return (await call<Trace>('PATCH', `/api/traces/${encodeURIComponent(id)}`, patch)).data;
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
  return new CairnError(details && !said.includes(details) ? `${said} (${details})` : said, status);
}
