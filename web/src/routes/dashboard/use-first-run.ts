import { useRef } from 'react';
import { useApiKeys } from '../../api/api-keys.js';
import { useOAuthClients } from '../../api/oauth-clients.js';
import { useStats } from '../../api/stats.js';
import { allDone, firstRunSteps, isNewAccount } from '../../lib/first-run.js';
import { useStoredState } from '../../lib/use-stored-state.js';

/** While the checklist is open, how often it looks for the key, the assistant and the memory. */
const WATCH_MS = 5_000;

/**
 * The first-run checklist's state: the steps (from the server's counts), whether to show it, and
 * whether the account is new. It watches the server while it is open, so each step ticks itself
 * off as an assistant connects and writes, without a reload.
 */
export function useFirstRun(userId: string) {
  const [hidden, setHidden] = useStoredState<boolean>(`cairn:first-run-hidden:${userId}`, false);
  // Polling stops once the checklist is done or hidden: the answer can no longer change what shows.
  const watching = useRef(false);
  const interval = () => (watching.current ? WATCH_MS : false);
  const stats = useStats({ refetchInterval: interval });
  const keys = useApiKeys({ refetchInterval: interval });
  const clients = useOAuthClients({ refetchInterval: interval });
  const loaded = stats.data !== undefined && keys.data !== undefined && clients.data !== undefined;
  const facts = {
    apiKeys: keys.data?.length ?? 0,
    oauthClients: clients.data?.length ?? 0,
    connected: stats.data?.integrations ?? 0,
    traces: stats.data?.total_traces ?? 0,
  };
  const steps = firstRunSteps(facts);
  const done = allDone(steps);
  watching.current = loaded && !hidden && !done;
  return {
    loaded,
    steps,
    show: loaded && !hidden && !done,
    isNew: loaded && isNewAccount(facts),
    hide: () => setHidden(true),
  };
}
