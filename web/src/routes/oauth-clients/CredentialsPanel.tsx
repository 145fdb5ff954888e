import { KeyRound } from 'lucide-react';
import type { OAuthClientWithSecret } from '../../../../contract/oauth.js';
import { Button } from '../../components/ui/Button.js';
import { Callout } from '../../components/ui/Callout.js';
import { CredentialRow } from './CredentialRow.js';
import { PasteHint } from './PasteHint.js';

/** The one time a client secret is visible: after creating a client or regenerating its secret. */
export function CredentialsPanel({ client, onDone }: { client: OAuthClientWithSecret; onDone(): void }) {
  return (
    <section
      aria-labelledby="oauth-credentials-title"
      className="space-y-4 rounded-xl border border-accent/40 bg-accent-soft/40 p-5 shadow-sm"
    >
      <div className="flex items-center gap-2">
        <KeyRound className="size-5 text-accent" aria-hidden="true" />
        <h2 id="oauth-credentials-title" className="text-base font-semibold text-fg">
          Credentials for {client.name}
        </h2>
      </div>
      <Callout tone="warning">Save this client secret securely. It will not be shown again.</Callout>
      <dl className="space-y-3">
        <CredentialRow label="Server URL" value={client.mcp_url} />
        <CredentialRow label="Client ID" value={client.client_id} />
        <CredentialRow label="Client secret" value={client.client_secret} />
      </dl>
      <PasteHint platform={client.platform} />
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </section>
  );
}
