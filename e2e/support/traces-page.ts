// What the trace specs share: setting data up through the API, and finding the parts of the page.
import type { APIRequestContext, Page } from '@playwright/test';
import type { CreateTraceRequest, Trace } from '../../contract/traces.js';
import { expect, type TestUser } from './fixtures.js';

/** Signs in through the API (a second session beside the page's) for setting up data. */
export async function apiAs(request: APIRequestContext, user: TestUser) {
  const res = await request.post('/api/auth/login', { data: user });
  expect(res.status()).toBe(200);
  const { access_token } = (await res.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  return {
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
    async get(id: string): Promise<Trace> {
      const r = await request.get(`/api/traces/${id}`, { headers });
      expect(r.status()).toBe(200);
      return (await r.json()) as Trace;
    },
    async list(query = ''): Promise<{ traces: Trace[]; totalCount: number }> {
      const r = await request.get(`/api/traces${query}`, { headers });
      return (await r.json()) as { traces: Trace[]; totalCount: number };
    },
  };
}

export const dialog = (page: Page) => page.getByRole('dialog');
export const cards = (page: Page) =>
  page
    .getByRole('list', { name: 'Traces' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading') });

export async function choose(page: Page, label: string, option: string) {
  await dialog(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
