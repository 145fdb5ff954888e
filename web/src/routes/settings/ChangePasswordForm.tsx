import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { type ChangePasswordRequest, MIN_PASSWORD_LENGTH } from '../../../../contract/auth.js';
import { Button } from '../../components/ui/Button.js';
import { TextField } from '../../components/ui/TextField.js';
import { api } from '../../lib/api-client.js';
import { messageOf } from '../../lib/api-error.js';

export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>();
  const change = useMutation({
    mutationFn: (body: ChangePasswordRequest) => api('/api/auth/password', { method: 'POST', body }),
    onSuccess: () => {
      toast.success('Password changed. Other sessions were signed out.');
      setCurrent('');
      setNext('');
      setConfirm('');
    },
    onError: (err) => setError(messageOf(err, 'Failed to change password')),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (next !== confirm) return setError('Passwords do not match');
    setError(undefined);
    change.mutate({ current_password: current, new_password: next });
  };

  return (
    <form onSubmit={submit} className="max-w-md space-y-4">
      <TextField
        label="Current password"
        required
        type="password"
        autoComplete="current-password"
        value={current}
        onValueChange={setCurrent}
      />
      <TextField
        label="New password"
        required
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        value={next}
        onValueChange={setNext}
      />
      <TextField
        label="Confirm new password"
        required
        error={error}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onValueChange={setConfirm}
      />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Change password'}
      </Button>
    </form>
  );
}
