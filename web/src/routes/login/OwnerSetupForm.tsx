import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MIN_PASSWORD_LENGTH } from '../../../../contract/auth.js';
import { useAuth } from '../../auth/auth-context.js';
import { Button } from '../../components/ui/Button.js';
import { TextField } from '../../components/ui/TextField.js';
import { messageOf } from '../../lib/api-error.js';
import { AuthCard } from './AuthCard.js';

/** Shown only while no account exists: the first person to open Cairn makes the owner account. */
export function OwnerSetupForm({ next }: { next: string }) {
  const { setupOwner } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) return setError('Passwords do not match');
    setError(undefined);
    setBusy(true);
    try {
      await setupOwner(email, password);
      toast.success('Your Cairn is ready');
      navigate(next, { replace: true });
    } catch (err) {
      toast.error(messageOf(err, 'Failed to create the owner account'));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Set up Cairn"
      subtitle="No account exists yet. Create the owner account for this server; this form is shown only once."
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
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          onValueChange={setPassword}
        />
        <TextField
          label="Confirm password"
          required
          error={error}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onValueChange={setConfirm}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Creating account...' : 'Create owner account'}
        </Button>
      </form>
    </AuthCard>
  );
}
