// Setting data up and reading it back through the REST API, beside what the page shows.
import { type APIRequestContext, expect } from '@playwright/test';
import type { CreateTraceRequest, Trace } from '../../contract/traces.js';
import type { TestUser } from './test-user.js';

export type TraceApi = Awaited<ReturnType<typeof apiAs>>;

/** Signs in through the API (a second session beside the page's) for setting up data. */
export async function apiAs(request: APIRequestContext, user: TestUser) {
  const res = await request.post('/api/auth/login', { data: user });
  expect(res.status()).toBe(200);
  const { access_token } = (await res.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  return {
    /** The session's Authorization header, for calls this helper does not wrap. */
    headers,
    /** Creates traces one after another, so the last is the newest. */
    async create(...traces: CreateTraceRequest[]): Promise<Trace[]> {
      const out: Trace[] = [];
      for (const data of traces) {
        const r = await request.post('/api/traces', { data, headers });
        expect(r.status(), await r.text()).toBe(201);
        out.push((await r.json()) as Trace);
      }
      return out;
    },
    /** `count` traces made by `make(i)` for i = 0, 1, …, in that order (the last is the newest). */
    createMany(count: number, make: (i: number) => CreateTraceRequest): Promise<Trace[]> {
      return this.create(...Array.from({ length: count }, (_, i) => make(i)));
    },
    /** An OAuth client made on the OAuth Clients API, as the page would make it. */
    async oauthClient(data: {
      name: string;
      platform: 'claude' | 'chatgpt' | 'cursor' | 'generic';
      redirect_uris: string[];
    }): Promise<{ id: string; client_id: string }> {
      const r = await request.post('/api/oauth-clients', { data, headers });
      expect(r.status(), await r.text()).toBe(201);
      return (await r.json()) as { id: string; client_id: string };
    },
    /** An API key named `name` (both permissions), answering the key itself. */
    async apiKey(name: string): Promise<string> {
      const r = await request.post('/api/api-keys', { data: { name }, headers });
      expect(r.status(), await r.text()).toBe(201);
      return ((await r.json()) as { key: string }).key;
    },
    async get(id: string): Promise<Trace> {
      const r = await request.get(`/api/traces/${id}`, { headers });
      expect(r.status()).toBe(200);
      return (await r.json()) as Trace;
    },
    /**
     * Waits until ranked search finds `title` for `query`: a new trace is found by meaning once
     * the embedding worker has embedded it, a moment after it is saved.
     */
    /** Polls ranked search until `title` is among its results (as a weak match, with `weak`). */
    async searchable(query: string, title: string, { weak = false } = {}): Promise<void> {
      await expect
        .poll(
          async () => {
            const data = weak ? { query, weak_matches: true } : { query };
            const r = await request.post('/api/search', { data, headers });
            const body = (await r.json()) as { results?: { title: string | null }[] };
            return (body.results ?? []).map((x) => x.title);
          },
          { timeout: 60_000, message: `ranked search for "${query}" never found ${title}` },
        )
        .toContain(title);
    },
    async list(query = ''): Promise<{ traces: Trace[]; totalCount: number }> {
      const r = await request.get(`/api/traces${query}`, { headers });
      return (await r.json()) as { traces: Trace[]; totalCount: number };
    },
  };
}
