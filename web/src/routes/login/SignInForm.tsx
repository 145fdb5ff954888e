import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '../../auth/auth-context.js';
import { Button } from '../../components/ui/Button.js';
import { TextField } from '../../components/ui/TextField.js';
import { messageOf } from '../../lib/api-error.js';
import { AuthCard } from './AuthCard.js';

const FORGOT_PASSWORD = 'This server sends no e-mail, so ask its owner to reset your password.';

/** Set after a successful sign-in on this browser: only then is "Welcome back" true. */
const SIGNED_IN_BEFORE = 'cairn:signed-in-before';

function signedInBefore(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_BEFORE) === '1';
  } catch {
    return false;
  }
}

export function SignInForm({ next, registrationOpen }: { next: string; registrationOpen: boolean }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await signIn(email, password);
      try {
        localStorage.setItem(SIGNED_IN_BEFORE, '1');
      } catch {
        // Storage refused (private mode): the greeting stays neutral, nothing else depends on it.
      }
      navigate(next, { replace: true });
    } catch (err) {
      toast.error(messageOf(err, 'Failed to sign in'));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={signedInBefore() ? 'Welcome back' : 'Sign in to Cairn'}
      subtitle="Sign in to reach your memories"
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-4">
        <TextField
          label="Email"
          required
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
        />
        <TextField
          label="Password"
          required
          type="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
        />
        <div className="flex justify-end">
          {/* Cairn sends no e-mail: a reset is done by the server's owner with the CLI (README). */}
          <button
            type="button"
            className="text-sm font-medium text-accent hover:underline"
            onClick={() => setNotice(FORGOT_PASSWORD)}
          >
            Forgot password?
          </button>
        </div>
        {notice && (
          <p role="status" className="rounded-lg bg-info-soft px-3 py-2 text-sm text-info-soft-fg">
            {notice} They run{' '}
            <code className="font-mono text-xs break-all">
              npm run cairn -- user reset-password --email &lt;your e-mail&gt;
            </code>{' '}
            on the server.
          </p>
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      {registrationOpen ? (
        <p className="mt-6 text-center text-sm text-fg-muted">
          <Link to="/register" className="font-medium text-accent hover:underline">
            Don&apos;t have an account? Sign up
          </Link>
        </p>
      ) : (
        <p className="mt-6 text-center text-sm text-fg-muted">
          No account? The owner of this Cairn server creates accounts.
        </p>
      )}
    </AuthCard>
  );
}
