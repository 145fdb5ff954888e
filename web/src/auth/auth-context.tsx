import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import type { RegistrationStatus, SessionResponse, User } from '../../../contract/auth.js';
import { api } from '../lib/api-client.js';
import { rememberSignedIn } from '../lib/signed-in-before.js';
import { startAutoRefresh } from './auto-refresh.js';
import { type Session, sessionStore } from './session-store.js';

type AuthValue = {
  /** True until the first session has been read (pages wait instead of flashing the sign-in screen). */
  loading: boolean;
  session: Session | null;
  user: User | null;
  signIn(email: string, password: string): Promise<void>;
  /** The one-time owner account of a fresh install; signs in on success. */
  setupOwner(email: string, password: string): Promise<void>;
  signUp(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  /** Forgets the session here and in other tabs after the server already ended it (account deleted). */
  endLocalSession(): void;
  /**
   * The person signed out (or deleted the account) in this tab: guards then send them to a plain
   * /login instead of one that would bring them back to the page they just left.
   */
  signedOutOnPurpose: boolean;
};

const AuthContext = createContext<AuthValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ loading: boolean; session: Session | null; onPurpose: boolean }>({
    loading: true,
    session: null,
    onPurpose: false,
  });

  useEffect(() => {
    const unsubscribe = sessionStore.subscribe((event, session) => {
      setState((prev) => ({ loading: false, session, onPurpose: session ? false : prev.onPurpose }));
      // Nothing of one account may linger on screen for the next.
      if (event === 'SIGNED_OUT' || event === 'SIGNED_IN')
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth-status' });
    });
    void sessionStore.init();
    const stop = startAutoRefresh(sessionStore);
    return () => {
      unsubscribe();
      stop();
    };
  }, [queryClient]);

  const value = useMemo<AuthValue>(
    () => ({
      loading: state.loading,
      session: state.session,
      user: state.session?.user ?? null,
      async signIn(email, password) {
        const session = await api<SessionResponse>('/api/auth/login', {
          method: 'POST',
          body: { email, password },
          auth: false,
        });
        rememberSignedIn();
        sessionStore.set('SIGNED_IN', session);
      },
      async setupOwner(email, password) {
        const session = await api<SessionResponse>('/api/auth/setup', {
          method: 'POST',
          body: { email, password },
          auth: false,
        });
        await queryClient.invalidateQueries({ queryKey: ['auth-status'] });
        rememberSignedIn();
        sessionStore.set('SIGNED_IN', session);
      },
      async signUp(email, password) {
        await api('/api/auth/register', { method: 'POST', body: { email, password }, auth: false });
      },
      async signOut() {
        try {
          await api('/api/auth/logout', { method: 'POST' });
        } finally {
          setState((prev) => ({ ...prev, onPurpose: true }));
          sessionStore.clear('SIGNED_OUT');
        }
      },
      endLocalSession() {
        setState((prev) => ({ ...prev, onPurpose: true }));
        sessionStore.clear('SIGNED_OUT');
      },
      signedOutOnPurpose: state.onPurpose,
    }),
    [state, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** Whether public registration is open and whether the owner account still has to be made. */
export function registrationStatusQuery() {
  return {
    queryKey: ['auth-status'],
    queryFn: () => api<RegistrationStatus>('/api/auth/status', { auth: false }),
  } as const;
}
