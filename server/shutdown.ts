/**
 * How long a graceful stop may take before Cairn stops waiting: in-flight requests (a request
 * already answered `503 request_timeout` can still be running its handler), the workers' current
 * batch, and the database's queue get this long in all. Container runtimes send SIGKILL after
 * 10 s by default (docker stop), so the bound sits just under it and the lock is still released.
 */
export const SHUTDOWN_TIMEOUT_MS = 9_000;

export type ShutdownSteps = {
  /** Stop accepting, finish in-flight requests, stop the workers (app.close()). */
  drain: () => Promise<void>;
  /** Past the bound: cut every open connection so nothing more is answered. */
  cut: () => void;
  /** Close the database. */
  closeDb: () => Promise<void>;
  /** Give the data directory back; runs whatever happened before it. */
  release: () => void;
};

/**
 * A graceful stop with a bound: drain and close the database within `timeoutMs`; past it, cut the
 * connections and give up waiting (the database is embedded or on a server that rolls back an
 * unfinished transaction, so nothing committed is lost). The lock is released either way, so the
 * next start does not find it held. Resolves to whether everything finished in time.
 */
export async function shutDown(steps: ShutdownSteps, timeoutMs = SHUTDOWN_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const graceful = (async () => {
    await steps.drain();
    await steps.closeDb();
    return true as const;
  })();
  try {
    const finished = await Promise.race([graceful, late]);
    if (!finished) steps.cut();
    return finished;
  } finally {
    clearTimeout(timer);
    steps.release();
  }
}
