import { useQuery } from '@tanstack/react-query';
import { Navigate, useSearchParams } from 'react-router';
import { Link } from 'react-router';
import { registrationStatusQuery, useAuth } from '../../auth/auth-context.js';
import { PublicHeader } from '../../components/layout/PublicHeader.js';
import { Button } from '../../components/ui/Button.js';
import { PageSpinner } from '../../components/ui/Spinner.js';
import { safeNext } from '../../lib/safe-next.js';
import { OwnerSetupForm } from './OwnerSetupForm.js';
import { SignInForm } from './SignInForm.js';
import { usePageTitle } from '../../lib/page-title.js';

/** /login: sign in, or — on a fresh install with no account yet — create the owner account once. */
export function LoginPage() {
  usePageTitle('Sign in');
  const { user, loading } = useAuth();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const status = useQuery(registrationStatusQuery());

  if (loading) return <PageSpinner />;
  if (user) return <Navigate to={next} replace />;

  return (
    <div className="flex min-h-screen flex-col">
      {/* With registration closed, /register could only say so: no button leads there. */}
      <PublicHeader
        actions={
          status.data?.registration_open ? (
            <Button asChild>
              <Link to="/register">Get Started</Link>
            </Button>
          ) : undefined
        }
      />
      {status.isPending ? (
        <PageSpinner />
      ) : status.data?.needs_setup ? (
        <OwnerSetupForm next={next} />
      ) : (
        <SignInForm next={next} registrationOpen={status.data?.registration_open === true} />
      )}
    </div>
  );
}
