import { CopyField } from '../../components/ui/CodeBlock.js';
import { pickSetupClient } from '../../lib/setup-clients.js';
import { AppLink } from './setup-parts.js';
import type { SetupTabProps } from './setup-parts.js';

/**
 * The client id to type into an assistant's advanced OAuth settings: the person's own client for
 * that platform if one exists, otherwise a pointer to the page that makes one.
 */
export function OAuthClientHint({
  clients,
  platform,
  platformLabel,
}: {
  clients: SetupTabProps['clients'];
  platform: 'claude' | 'chatgpt' | 'cursor';
  platformLabel: string;
}) {
  const client = pickSetupClient(clients, platform);
  if (!client) {
    return (
      <p>
        You have no {platformLabel} client yet. <AppLink to="/app/settings/oauth-clients">Create one</AppLink>{' '}
        on the OAuth Clients page with the platform {platformLabel}; its secret is shown once, when it is
        created.
      </p>
    );
  }
  return (
    <div className="space-y-2">
      <p>
        Your client <span className="font-medium text-fg">{client.name}</span>: paste its client ID, and the
        secret you saved when you created it (lost it? Regenerate it on the{' '}
        <AppLink to="/app/settings/oauth-clients">OAuth Clients</AppLink> page).
      </p>
      <CopyField value={client.client_id} copyLabel={`Copy client ID of ${client.name}`} />
    </div>
  );
}
