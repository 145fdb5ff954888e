import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import type { CreateTraceRequest, Trace } from '../../contract/traces.js';
import { type RunningServer, startServer } from './server.js';
import type { TestUser } from './test-user.js';
import { type TraceApi, apiAs } from './trace-api.js';

export type { TestUser };

type WorkerFixtures = { server: RunningServer };
type TestFixtures = {
  /** A new account on the worker's server (registration is open there, so every test has its own user). */
  newUser: () => Promise<TestUser>;
  /** Signs `user` in through the API (the browser then holds the refresh cookie) and opens `path`. */
  signIn: (user: TestUser, path?: string) => Promise<void>;
  /** A new account holding `traces` (created in order, so the last is the newest), and its API. */
  userWithTraces: (
    ...traces: CreateTraceRequest[]
  ) => Promise<{ user: TestUser; traces: Trace[]; api: TraceApi }>;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startServer({ ALLOW_REGISTRATION: 'true' });
      // An owner account exists, so /login shows the sign-in form rather than the one-time set-up.
      const owner = await fetch(`${server.url}/api/auth/setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', password: 'owner password 1' }),
      });
      if (owner.status !== 201) throw new Error(`owner set-up failed: ${owner.status} ${await owner.text()}`);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  newUser: async ({ request, server }, use) => {
    await use(async () => {
      const user = {
        email: `e2e-${randomBytes(5).toString('hex')}@example.com`,
        password: 'correct horse battery',
      };
      const res = await request.post(`${server.url}/api/auth/register`, { data: user });
      expect(res.status(), await res.text()).toBe(201);
      return user;
    });
  },
  userWithTraces: async ({ request, newUser }, use) => {
    await use(async (...traces) => {
      const user = await newUser();
      const api = await apiAs(request, user);
      return { user, traces: await api.create(...traces), api };
    });
  },
  signIn: async ({ page }, use) => {
    await use(async (user, path = '/app/dashboard') => {
      const res = await page.request.post('/api/auth/login', { data: user });
      expect(res.status(), await res.text()).toBe(200);
      await page.goto(path);
    });
  },
});

export { expect };

/** Signs in through the form, as a person would. */
export async function signInWithForm(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
