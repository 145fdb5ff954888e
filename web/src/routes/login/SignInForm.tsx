import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '../../auth/auth-context.js';
import { Button } from '../../components/ui/Button.js';
import { Command } from '../../components/ui/Command.js';
import { TextField } from '../../components/ui/TextField.js';
import { ApiError, messageOf } from '../../lib/api-error.js';
import { signedInBefore } from '../../lib/signed-in-before.js';
import { AuthCard } from './AuthCard.js';

const FORGOT_PASSWORD = 'This server sends no e-mail, so ask its owner to reset your password.';

export function SignInForm({ next, registrationOpen }: { next: string; registrationOpen: boolean }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // A refused sign-in is said under the field as well as in the toast (which passes, far from the
  // form): a wrong password under Password, anything else (too many attempts, no server) under
  // the button.
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const passwordInput = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPasswordError(undefined);
    setFormError(undefined);
    setBusy(true);
    try {
      await signIn(email, password);
      navigate(next, { replace: true });
    } catch (err) {
      const message = messageOf(err, 'Failed to sign in');
      toast.error(message);
      if (err instanceof ApiError && err.code === 'invalid_credentials') {
        setPasswordError(message);
        passwordInput.current?.select();
      } else setFormError(message);
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
          ref={passwordInput}
          error={passwordError}
          value={password}
          onValueChange={(value) => {
            setPassword(value);
            setPasswordError(undefined);
          }}
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
            <Command text="npm run cairn -- user reset-password --email <your e-mail>" className="text-xs" />{' '}
            on the server.
          </p>
        )}
        {formError && (
          <p role="alert" className="text-sm text-danger">
            {formError}
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
