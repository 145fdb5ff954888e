import { describe, expect, it } from 'vitest';
import { allDone, firstRunSteps, isNewAccount } from './first-run.js';

const none = { apiKeys: 0, oauthClients: 0, connected: 0, traces: 0 };

describe('firstRunSteps', () => {
  it('starts with nothing done: a new account', () => {
    expect(firstRunSteps(none).map((s) => s.done)).toEqual([false, false, false]);
    expect(isNewAccount(none)).toBe(true);
  });

  it('counts an OAuth client as a credential as much as an API key', () => {
    expect(firstRunSteps({ ...none, oauthClients: 1 })[0]!.done).toBe(true);
    expect(firstRunSteps({ ...none, apiKeys: 2 })[0]!.done).toBe(true);
  });

  it('is done when a credential exists, an assistant used it and a memory is stored', () => {
    const steps = firstRunSteps({ apiKeys: 1, oauthClients: 0, connected: 1, traces: 3 });
    expect(allDone(steps)).toBe(true);
    expect(isNewAccount({ ...none, traces: 1 })).toBe(false);
  });
});
