import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { registrationStatusQuery, useAuth } from '../../auth/auth-context.js';
import { PublicHeader } from '../../components/layout/PublicHeader.js';
import { useNewAccountForm } from '../../components/forms/use-new-account-form.js';
import { Button } from '../../components/ui/Button.js';
import { Command } from '../../components/ui/Command.js';
import { messageOf } from '../../lib/api-error.js';
import { signUpErrorMessage } from '../../lib/sign-up-errors.js';
import { AuthCard } from '../login/AuthCard.js';
import { usePageTitle } from '../../lib/page-title.js';

/** /register: open only when the server runs with ALLOW_REGISTRATION=true (spec: disabled by default). */
export function RegisterPage() {
  usePageTitle('Create your account');
  const { signUp, signIn } = useAuth();
  const navigate = useNavigate();
  const status = useQuery(registrationStatusQuery());
  const open = status.data?.registration_open === true;
  const form = useNewAccountForm();
  // What the server refused about no one field (a taken e-mail, registration closed).
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(undefined);
    // The route's own rules plus the confirmation: a mismatch is reported here and nothing is sent.
    const values = form.check();
    if (!values) return;
    setBusy(true);
    try {
      await signUp(values.email, values.password);
    } catch (err) {
      if (!form.fail(err)) setFormError(signUpErrorMessage(messageOf(err, 'Unknown error')));
      setBusy(false);
      return;
    }
    // Cairn sends no e-mail, so the account works at once: sign in with what was just typed. The
    // server answers a taken e-mail like a new one (ADR 0022); then this password is not that
    // account's, and the person signs in on /login as before.
    try {
      await signIn(values.email, values.password);
      toast.success('Account created. Welcome to Cairn!');
      navigate('/app/dashboard', { replace: true });
    } catch {
      toast.success('Account created. Sign in with your e-mail and password.');
      navigate('/login');
    }
  };

  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader
        actions={
          <Button asChild variant="secondary">
            <Link to="/login">Sign In</Link>
          </Button>
        }
      />
      <AuthCard title="Create your account">
        {!open && !status.isPending && (
          <div
            role="note"
            className="mb-5 flex gap-3 rounded-lg border border-line bg-info-soft p-4 text-info-soft-fg"
          >
            <Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <div className="space-y-1">
              <p className="font-semibold">Registration is closed</p>
              <p className="text-sm">
                The owner of this Cairn server creates accounts with{' '}
                <Command text="npm run cairn -- user create" className="text-xs" />.
              </p>
            </div>
          </div>
        )}
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          <fieldset disabled={!open || busy} className="space-y-4">
            {form.fields}
            {formError && (
              <p role="alert" className="text-sm text-danger">
                {formError}
              </p>
            )}
            <Button type="submit" className="w-full">
              {busy ? 'Creating account...' : 'Sign up'}
            </Button>
          </fieldset>
        </form>
        <p className="mt-6 text-center text-sm text-fg-muted">
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-accent hover:underline">
            Sign in
          </Link>
        </p>
      </AuthCard>
    </div>
  );
}
