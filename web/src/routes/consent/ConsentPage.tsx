import { AlertTriangle, ArrowRight, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { OAuthRequestInfo, OAuthScope } from '../../../../contract/oauth.js';
import { ALL_PROJECTS } from '../../../../contract/projects.js';
import { useConsentRequest, useDecideConsent } from '../../api/consent.js';
import { useAuth } from '../../auth/auth-context.js';
import { Logo } from '../../components/layout/Logo.js';
import { Badge } from '../../components/ui/Badge.js';
import { Button } from '../../components/ui/Button.js';
import { Select } from '../../components/ui/Select.js';
import { PageSpinner } from '../../components/ui/Spinner.js';
import { messageOf } from '../../lib/api-error.js';
import { accessSummary, SCOPE_TEXT } from './scope-text.js';
import { usePageTitle } from '../../lib/page-title.js';

const PLATFORM_NAMES = {
  claude: 'Claude',
  chatgpt: 'ChatGPT',
  cursor: 'Cursor',
  generic: 'Other app',
} as const;

/**
 * /consent?request=<id>: the person decides whether an assistant may reach their memories (the
 * OAuth authorization step). It needs a signed-in session (RequireAuth sends people through /login
 * and back); framing is forbidden by the server's CSP, so no other site can overlay it.
 */
export function ConsentPage() {
  usePageTitle('Approve access');
  const [params] = useSearchParams();
  const id = params.get('request') ?? '';
  const request = useConsentRequest(id);

  return (
    <div className="flex min-h-screen flex-col items-center bg-canvas px-4 py-10 sm:py-16">
      <div className="mb-8">
        <Logo to="/app/dashboard" />
      </div>
      <main className="w-full max-w-lg rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        {!id ? (
          <Problem message="This link is missing its authorization request. Start the connection again from your assistant." />
        ) : request.isPending ? (
          <PageSpinner />
        ) : request.isError ? (
          <Problem message={messageOf(request.error, 'This authorization request could not be loaded.')} />
        ) : (
          <Decision id={id} info={request.data} />
        )}
      </main>
    </div>
  );
}

function Decision({ id, info }: { id: string; info: OAuthRequestInfo }) {
  const { user } = useAuth();
  const decide = useDecideConsent(id);
  const [scopes, setScopes] = useState<OAuthScope[]>(info.scopes);
  // `*` (never a project's name) is the whole account, the default.
  const [access, setAccess] = useState<string>(ALL_PROJECTS);
  const [error, setError] = useState<string | null>(null);
  const unverified = info.client.registered_via !== 'manual';
  const project = access === ALL_PROJECTS ? null : access;
  const accessOptions = [
    { value: ALL_PROJECTS, label: 'All my memories' },
    ...info.projects.map((name) => ({ value: name, label: name })),
  ];

  const submit = (approve: boolean) => {
    setError(null);
    decide.mutate(approve ? { approve: true, scopes, project } : { approve: false }, {
      onSuccess: ({ redirect_to }) => window.location.assign(redirect_to),
      onError: (err) => setError(messageOf(err, 'Something went wrong. Try again.')),
    });
  };
  const toggle = (scope: OAuthScope) =>
    setScopes((current) =>
      current.includes(scope) ? current.filter((s) => s !== scope) : [...current, scope],
    );

  return (
    <div className="space-y-6">
      <div className="space-y-2 text-center">
        <ShieldCheck className="mx-auto size-10 text-accent" aria-hidden="true" />
        <h1 className="text-xl font-semibold text-fg">
          Allow <span className="break-words">{info.client.name}</span> to use your Cairn memories?
        </h1>
        <p className="text-sm text-fg-muted">
          Signed in as <strong className="text-fg">{user?.email}</strong>
        </p>
      </div>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-surface-muted p-4 text-sm">
        <dt className="text-fg-muted">App</dt>
        <dd className="flex flex-wrap items-center gap-2 text-fg">
          {PLATFORM_NAMES[info.client.platform]}
          {unverified ? (
            <Badge tone="warning">Registered by the app itself</Badge>
          ) : (
            <Badge tone="success">Created by you</Badge>
          )}
        </dd>
        <dt className="text-fg-muted">Sends you to</dt>
        <dd className="font-mono font-semibold break-all text-fg">{info.redirect_host}</dd>
      </dl>
      {unverified && (
        <p className="flex gap-2 rounded-lg bg-warning-soft p-3 text-sm text-warning-soft-fg">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            An app chooses its own name when it registers. Continue only if you just started connecting an
            assistant and you recognise <strong className="font-mono">{info.redirect_host}</strong>.
          </span>
        </p>
      )}

      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-fg">It asks to</legend>
        {info.scopes.map((scope) => (
          <label
            key={scope}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-line p-3 hover:bg-surface-muted"
          >
            <input
              type="checkbox"
              className="mt-1 size-4 accent-[var(--color-accent)]"
              checked={scopes.includes(scope)}
              onChange={() => toggle(scope)}
            />
            <span>
              <span className="block text-sm font-medium text-fg">{SCOPE_TEXT[scope].title}</span>
              <span className="block text-xs text-fg-muted">{SCOPE_TEXT[scope].detail}</span>
            </span>
          </label>
        ))}
      </fieldset>

      <div className="space-y-2">
        <label htmlFor="consent-access" className="block text-sm font-medium text-fg">
          Access to
        </label>
        <Select
          id="consent-access"
          aria-describedby="consent-access-summary"
          value={access}
          onValueChange={setAccess}
          options={accessOptions}
        />
        <p id="consent-access-summary" className="text-xs text-fg-muted">
          {accessSummary(project)}
        </p>
      </div>

      {error && (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger-soft-fg">
          {error}
        </p>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => submit(false)} disabled={decide.isPending}>
          Deny
        </Button>
        <Button onClick={() => submit(true)} disabled={decide.isPending || scopes.length === 0}>
          Approve
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
      <p className="text-center text-xs text-fg-muted">
        You can disconnect it at any time under{' '}
        <Link to="/app/settings/oauth-clients" className="font-medium text-accent hover:underline">
          OAuth Clients
        </Link>
        .
      </p>
    </div>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <div role="alert" className="space-y-4 text-center">
      <AlertTriangle className="mx-auto size-10 text-danger" aria-hidden="true" />
      <h1 className="text-xl font-semibold text-fg">This connection cannot continue</h1>
      <p className="text-sm text-fg-muted">{message}</p>
      <Button asChild variant="secondary">
        <Link to="/app/dashboard">Go to the dashboard</Link>
      </Button>
    </div>
  );
}
