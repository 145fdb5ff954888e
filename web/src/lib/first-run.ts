/**
 * A new owner's first steps, from what the server already counts: a credential exists (an API key,
 * or an OAuth client an assistant registered or the person made), an assistant has used one, a
 * memory is stored. The dashboard shows them as a checklist until all three are done (or the
 * person hides it), and greets a first visit as one.
 */
export type FirstRunFacts = {
  apiKeys: number;
  oauthClients: number;
  /** Credentials used at least once (GET /api/stats `integrations`). */
  connected: number;
  traces: number;
};

export type FirstRunStep = { id: 'credential' | 'assistant' | 'memory'; done: boolean };

export function firstRunSteps(f: FirstRunFacts): FirstRunStep[] {
  return [
    { id: 'credential', done: f.apiKeys + f.oauthClients > 0 },
    { id: 'assistant', done: f.connected > 0 },
    { id: 'memory', done: f.traces > 0 },
  ];
}

/** Nothing done yet: the account is new, so the greeting is a welcome rather than a welcome back. */
export function isNewAccount(f: FirstRunFacts): boolean {
  return firstRunSteps(f).every((s) => !s.done);
}

export const allDone = (steps: readonly FirstRunStep[]) => steps.every((s) => s.done);
