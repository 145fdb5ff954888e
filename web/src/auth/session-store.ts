import type { SessionResponse } from '../../../contract/auth.js';
import { MAX_RETRIES, retryDelay, shouldRefresh } from './refresh-schedule.js';

export type Session = SessionResponse;

/** The auth events the web app reacts to (sign-in, sign-out, refresh), shared across tabs. */
export type AuthEvent =
  'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'PASSWORD_RECOVERY';

type Listener = (event: AuthEvent, session: Session | null) => void;
type Message = { event: AuthEvent; session: Session | null };
type RefreshOutcome = { kind: 'ok'; session: Session } | { kind: 'signed_out' } | { kind: 'unreachable' };

const LOCK_NAME = 'cairn-auth-refresh';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The session lives in this tab's memory only (never in storage a script could read later); the
 * refresh token is an httpOnly cookie the browser shares between tabs. Tabs must therefore not
 * race each other's rotations: a refresh runs under a Web Lock held across tabs, and its result
 * is broadcast so the other tabs adopt it instead of refreshing again. (The server also forgives
 * a rotation race of a few seconds; see docs/decisions/0004-sessions.md.)
 */
export class SessionStore {
  private session: Session | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly channel: BroadcastChannel | null;
  private inflight: Promise<Session | null> | null = null;

  constructor() {
    this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('cairn-auth');
    if (this.channel) {
      this.channel.onmessage = (ev: MessageEvent<Message>) => this.apply(ev.data.event, ev.data.session);
    }
  }

  current(): Session | null {
    return this.session;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Records a new session state here and in every other tab. */
  set(event: AuthEvent, session: Session | null): void {
    this.apply(event, session);
    this.channel?.postMessage({ event, session } satisfies Message);
  }

  clear(event: AuthEvent = 'SIGNED_OUT'): void {
    if (this.session) this.set(event, null);
  }

  /** Reads the session from the refresh cookie at start-up; always emits INITIAL_SESSION. */
  async init(): Promise<Session | null> {
    const session = await this.refresh();
    this.apply('INITIAL_SESSION', this.session ?? session);
    return session;
  }

  /**
   * Renews the access token. `failedToken` is the token a request was just refused with: when
   * the current token differs (another tab already renewed it), that one is used instead.
   */
  refresh(opts: { failedToken?: string } = {}): Promise<Session | null> {
    this.inflight ??= this.withLock(async () => {
      const current = this.session;
      if (
        current &&
        current.access_token !== opts.failedToken &&
        !shouldRefresh(Date.parse(current.expires_at), Date.now())
      ) {
        return current;
      }
      const outcome = await postRefresh();
      if (outcome.kind === 'ok') {
        this.set(current ? 'TOKEN_REFRESHED' : 'SIGNED_IN', outcome.session);
        return outcome.session;
      }
      if (outcome.kind === 'signed_out') {
        this.clear('SIGNED_OUT');
        return null;
      }
      return current; // server unreachable: keep what we have, the next tick tries again
    }).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private apply(event: AuthEvent, session: Session | null): void {
    this.session = session;
    for (const listener of this.listeners) listener(event, session);
  }

  private withLock<T>(fn: () => Promise<T>): Promise<T> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    return locks ? (locks.request(LOCK_NAME, fn) as Promise<T>) : fn();
  }
}

async function postRefresh(): Promise<RefreshOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
      // 204: there is no session cookie, so no session (the server answers so without an error).
      if (res.status === 204) return { kind: 'signed_out' };
      if (res.ok) return { kind: 'ok', session: (await res.json()) as Session };
      if (res.status >= 400 && res.status < 500 && res.status !== 429) return { kind: 'signed_out' };
    } catch {
      // network failure: retry below
    }
    if (attempt >= MAX_RETRIES) return { kind: 'unreachable' };
    await sleep(retryDelay(attempt));
  }
}

export const sessionStore = new SessionStore();
