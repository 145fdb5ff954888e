import { shouldRefresh, TICK_MS } from './refresh-schedule.js';
import type { SessionStore } from './session-store.js';

/**
 * The 30-second refresh tick. Background tabs have their timers throttled, so a tab that
 * becomes visible again checks at once instead of waiting for its next tick.
 */
export function startAutoRefresh(store: SessionStore): () => void {
  const tick = () => {
    const session = store.current();
    if (session && shouldRefresh(Date.parse(session.expires_at), Date.now())) void store.refresh();
  };
  const timer = setInterval(tick, TICK_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') tick();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
