import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner.js';
import { useAuth } from './auth-context.js';

/**
 * Guards signed-in pages: a large spinner while the session loads, then /login (replacing the
 * history entry, so Back does not return to a page that bounces) when there is no user. The page asked for travels as `next`, so
 * signing in returns there (the OAuth consent page relies on it).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loading, user, signedOutOnPurpose } = useAuth();
  const location = useLocation();
  if (loading) return <PageSpinner />;
  if (!user) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    const next =
      signedOutOnPurpose || here.startsWith('/app/dashboard') ? '' : `?next=${encodeURIComponent(here)}`;
    return <Navigate to={`/login${next}`} replace />;
  }
  return children;
}
