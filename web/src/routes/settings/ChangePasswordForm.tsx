import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { useChangePassword } from '../../api/account.js';
import { NewPasswordFields } from '../../components/forms/NewPasswordFields.js';
import { Button } from '../../components/ui/Button.js';
import { TextField } from '../../components/ui/TextField.js';
import { messageOf } from '../../lib/api-error.js';
import { ChangePasswordForm as Schema, withoutConfirm } from '../../lib/password-forms.js';
import { useFormErrors } from '../../lib/use-form-errors.js';

const FIELDS = ['current_password', 'new_password', 'confirm'] as const;

export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  // Off by default: a routine change should not disconnect every assistant (ADR 0022).
  const [revoke, setRevoke] = useState(false);
  const revokeHint = useId();
  const form = useFormErrors(FIELDS);
  const change = useChangePassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = form.check(Schema, {
      current_password: current,
      new_password: next,
      confirm,
      revoke_integrations: revoke,
    });
    if (!values) return;
    change.mutate(withoutConfirm(values), {
      onSuccess: () => {
        toast.success(
          revoke
            ? 'Password changed. Other sessions were signed out, and every API key and connected assistant was revoked.'
            : 'Password changed. Other sessions were signed out.',
        );
        setCurrent('');
        setNext('');
        setConfirm('');
        setRevoke(false);
      },
      // A wrong current password shows under "Current password", a refused new one under its box.
      onError: (err) => {
        if (!form.fail(err)) toast.error(messageOf(err, 'Failed to change password'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      <TextField
        label="Current password"
        required
        error={form.errors.current_password}
        type="password"
        autoComplete="current-password"
        value={current}
        onValueChange={(v) => {
          setCurrent(v);
          form.clear('current_password');
        }}
      />
      <NewPasswordFields
        label="New password"
        password={next}
        confirm={confirm}
        onPasswordChange={(v) => {
          setNext(v);
          form.clear('new_password');
        }}
        onConfirmChange={(v) => {
          setConfirm(v);
          form.clear('confirm');
        }}
        errors={{ password: form.errors.new_password, confirm: form.errors.confirm }}
      />
      <div>
        <label className="flex items-start gap-2 text-sm text-fg">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]"
            checked={revoke}
            onChange={(e) => setRevoke(e.target.checked)}
            aria-describedby={revokeHint}
          />
          Someone else may know my password: also revoke every API key and disconnect every assistant
        </label>
        <p id={revokeHint} className="mt-1 pl-6 text-sm text-fg-muted">
          Keys and assistant connections do not use your password, so a routine change keeps them. Revoked,
          your scripts and assistants stop working until you create new keys and connect them again.
        </p>
      </div>
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Change password'}
      </Button>
    </form>
  );
}
