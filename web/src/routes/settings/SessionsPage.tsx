import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { SessionInfo } from '../../../../contract/sessions.js';
import { useEndSession, useSessions, useSignOutOthers } from '../../api/sessions.js';
import { useAuth } from '../../auth/auth-context.js';
import { Badge } from '../../components/ui/Badge.js';
import { Button } from '../../components/ui/Button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.js';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.js';
import { PageHeader } from '../../components/ui/PageHeader.js';
import { Spinner } from '../../components/ui/Spinner.js';
import { errorText } from '../../lib/form-errors.js';
import { usePageTitle } from '../../lib/page-title.js';
import { formatDateTime, relativeTime } from '../../lib/relative-time.js';
import { describeUserAgent } from '../../lib/user-agent.js';

type Asking = { kind: 'one'; session: SessionInfo } | { kind: 'others' } | { kind: 'everywhere' } | null;

/** /app/settings/sessions: where you are signed in; sign out one place, every other, or all (ADR 0027). */
export function SessionsPage() {
  usePageTitle('Sessions and devices');
  const sessions = useSessions();
  const end = useEndSession();
  const others = useSignOutOthers();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<Asking>(null);
  const pending = end.isPending || others.isPending;
  const count = sessions.data?.length ?? 0;

  const signOutHere = async () => {
    await signOut();
    navigate('/login', { replace: true });
  };
  const confirm = async () => {
    if (!asking) return;
    try {
      if (asking.kind === 'one') {
        await end.mutateAsync(asking.session.id);
        if (asking.session.current) return void (await signOutHere());
        toast.success(`Signed out of ${describeUserAgent(asking.session.user_agent)}`);
      } else {
        const { ended } = await others.mutateAsync();
        if (asking.kind === 'everywhere') return void (await signOutHere());
        toast.success(`Signed out of ${ended} other ${ended === 1 ? 'session' : 'sessions'}`);
      }
      setAsking(null);
    } catch (err) {
      toast.error(`Failed to sign out: ${errorText(err, 'Something went wrong')}`);
    }
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Sessions and devices"
        description="Where you are signed in to Cairn. Signing a session out ends it at once; API keys and connected assistants are not affected."
      />
      <Card>
        <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="space-y-1">
            <CardTitle>Signed in</CardTitle>
            <CardDescription>
              {sessions.data ? `${count} ${count === 1 ? 'session' : 'sessions'}` : 'Your sessions'}
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            {count > 1 && (
              <Button variant="secondary" size="sm" onClick={() => setAsking({ kind: 'others' })}>
                Sign out everywhere else
              </Button>
            )}
            <Button variant="danger-ghost" size="sm" onClick={() => setAsking({ kind: 'everywhere' })}>
              <LogOut aria-hidden="true" />
              Sign out everywhere
            </Button>
          </div>
        </CardHeader>
        <CardContent className="pt-0">
          {sessions.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner label="Loading sessions" />
            </div>
          ) : sessions.isError ? (
            <p role="alert" className="py-6 text-center text-sm text-danger">
              Failed to load your sessions.
            </p>
          ) : (
            <ul className="divide-y divide-line" aria-label="Sessions">
              {sessions.data.map((s) => (
                <SessionRow key={s.id} session={s} onSignOut={() => setAsking({ kind: 'one', session: s })} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={asking !== null}
        title={
          asking?.kind === 'one'
            ? asking.session.current
              ? 'Sign out here?'
              : `Sign out of ${describeUserAgent(asking.session.user_agent)}?`
            : asking?.kind === 'others'
              ? 'Sign out everywhere else?'
              : 'Sign out everywhere?'
        }
        description={
          asking?.kind === 'everywhere'
            ? 'Every session ends, this one too.'
            : asking?.kind === 'others'
              ? 'Every other session ends; you stay signed in here.'
              : 'That session ends at once.'
        }
        confirmLabel="Sign out"
        pendingLabel="Signing out..."
        pending={pending}
        onCancel={() => setAsking(null)}
        onConfirm={() => void confirm()}
      >
        Whoever uses it has to sign in again with the password.
      </ConfirmDialog>
    </div>
  );
}

function SessionRow({ session: s, onSignOut }: { session: SessionInfo; onSignOut(): void }) {
  const device = describeUserAgent(s.user_agent);
  const Icon = /iPhone|Android|iPad/.test(device) ? Smartphone : Monitor;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-fg-muted" aria-hidden="true" />
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium text-fg">
            {device}
            {s.current && <Badge tone="accent">This device</Badge>}
          </p>
          <p className="text-xs break-words text-fg-muted">
            Last active {s.current ? 'now' : relativeTime(s.last_active_at)} · signed in{' '}
            <time dateTime={s.signed_in_at} title={formatDateTime(s.signed_in_at)}>
              {relativeTime(s.signed_in_at)}
            </time>
          </p>
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-auto"
        onClick={onSignOut}
        aria-label={s.current ? 'Sign out here' : `Sign out of ${device}`}
      >
        Sign out
      </Button>
    </li>
  );
}
