import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '../../auth/auth-context.js';
import { NewPasswordFields } from '../../components/forms/NewPasswordFields.js';
import { Button } from '../../components/ui/Button.js';
import { TextField } from '../../components/ui/TextField.js';
import { messageOf } from '../../lib/api-error.js';
import { SignUpForm } from '../../lib/password-forms.js';
import { useFormErrors } from '../../lib/use-form-errors.js';
import { AuthCard } from './AuthCard.js';

const FIELDS = ['email', 'password', 'confirm'] as const;

/** Shown only while no account exists: the first person to open Cairn makes the owner account. */
export function OwnerSetupForm({ next }: { next: string }) {
  const { setupOwner } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useFormErrors(FIELDS);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const values = form.check(SignUpForm, { email, password, confirm });
    if (!values) return;
    setBusy(true);
    try {
      await setupOwner(values.email, values.password);
      toast.success('Your Cairn is ready');
      navigate(next, { replace: true });
    } catch (err) {
      if (!form.fail(err)) toast.error(messageOf(err, 'Failed to create the owner account'));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Set up Cairn"
      subtitle="No account exists yet. Create the owner account for this server; this form is shown only once."
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
        <TextField
          label="Email"
          required
          error={form.errors.email}
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={(v) => {
            setEmail(v);
            form.clear('email');
          }}
        />
        <NewPasswordFields
          label="Password"
          password={password}
          confirm={confirm}
          onPasswordChange={(v) => {
            setPassword(v);
            form.clear('password');
          }}
          onConfirmChange={(v) => {
            setConfirm(v);
            form.clear('confirm');
          }}
          errors={form.errors}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Creating account...' : 'Create owner account'}
        </Button>
      </form>
    </AuthCard>
  );
}
