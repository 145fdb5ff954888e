import { type FormEvent, useState } from 'react';
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
  const form = useFormErrors(FIELDS);
  const change = useChangePassword();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = form.check(Schema, { current_password: current, new_password: next, confirm });
    if (!values) return;
    change.mutate(withoutConfirm(values), {
      onSuccess: () => {
        toast.success('Password changed. Other sessions were signed out.');
        setCurrent('');
        setNext('');
        setConfirm('');
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
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Change password'}
      </Button>
    </form>
  );
}
