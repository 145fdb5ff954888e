import { Navigate } from 'react-router';
import { useAuth } from '../auth/auth-context.js';
import { PageSpinner } from '../components/ui/Spinner.js';

/** Spec section 2: any other path goes to the dashboard when signed in, otherwise to /login. */
export function CatchAll() {
  const { loading, user } = useAuth();
  if (loading) return <PageSpinner />;
  return <Navigate to={user ? '/app/dashboard' : '/login'} replace />;
}
