import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '../../auth/auth-context.js';
import { Button } from '../../components/ui/Button.js';
import { TextField } from '../../components/ui/TextField.js';
import { messageOf } from '../../lib/api-error.js';
import { AuthCard } from './AuthCard.js';

export function SignInForm({ next }: { next: string }) {
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
      navigate(next, { replace: true });
    } catch (err) {
      toast.error(messageOf(err, 'Failed to sign in'));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to reach your memories">
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
          {/* Spec: shows a message and makes no call. Self-hosters reset with the CLI (README). */}
          <button
            type="button"
            className="text-sm font-medium text-accent hover:underline"
            onClick={() => setNotice('Check your email for reset link')}
          >
            Forgot password?
          </button>
        </div>
        {notice && (
          <p role="status" className="rounded-lg bg-info-soft px-3 py-2 text-sm text-info-soft-fg">
            {notice}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-fg-muted">
        <Link to="/register" className="font-medium text-accent hover:underline">
          Don&apos;t have an account? Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
