import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useAuth } from '../../auth/auth-context.js';
import { useNewAccountForm } from '../../components/forms/use-new-account-form.js';
import { Button } from '../../components/ui/Button.js';
import { messageOf } from '../../lib/api-error.js';
import { AuthCard } from './AuthCard.js';

/** Shown only while no account exists: the first person to open Cairn makes the owner account. */
export function OwnerSetupForm({ next }: { next: string }) {
  const { setupOwner } = useAuth();
  const navigate = useNavigate();
  const form = useNewAccountForm();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const values = form.check();
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
        {form.fields}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Creating account...' : 'Create owner account'}
        </Button>
      </form>
    </AuthCard>
  );
}
