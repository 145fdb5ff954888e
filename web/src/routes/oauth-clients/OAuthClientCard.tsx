import { Pencil, RefreshCw, Trash2 } from 'lucide-react';
import type { OAuthClient } from '../../../../contract/oauth.js';
import { Badge } from '../../components/ui/Badge.js';
import { BreakableText } from '../../components/ui/BreakableText.js';
import { Button } from '../../components/ui/Button.js';
import { formatDate, formatDateTime, lastUsedLabel } from '../../lib/relative-time.js';
import { CredentialRow } from './CredentialRow.js';
import { PasteHint } from './PasteHint.js';
import { PLATFORM_NAMES, REGISTERED_VIA } from './platforms.js';

type Props = {
  client: OAuthClient;
  onDelete(client: OAuthClient): void;
  /** Absent for a client that registered itself: its own name and callbacks are not ours to edit. */
  onEdit?(client: OAuthClient): void;
  onRegenerate(client: OAuthClient): void;
  regenerating: boolean;
};

export function OAuthClientCard({ client, onDelete, onEdit, onRegenerate, regenerating }: Props) {
  const via = REGISTERED_VIA[client.registered_via];
  const isPublic = client.token_endpoint_auth_method === 'none';
  return (
    <li className="space-y-4 rounded-xl border border-line bg-surface p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1.5">
          <h3 className="text-base font-semibold break-words text-fg">{client.name}</h3>
          <div className="flex flex-wrap gap-1.5">
            <Badge tone="accent">{PLATFORM_NAMES[client.platform]}</Badge>
            <Badge tone={via.tone}>{via.label}</Badge>
            {isPublic && <Badge>Public client (PKCE, no secret)</Badge>}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {onEdit && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onEdit(client)}
              aria-label={`Edit ${client.name}`}
            >
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          )}
          {!isPublic && (
            <Button
              variant="secondary"
              size="sm"
              disabled={regenerating}
              onClick={() => onRegenerate(client)}
            >
              <RefreshCw aria-hidden="true" />
              Regenerate secret
            </Button>
          )}
          <Button
            variant="danger-ghost"
            size="sm"
            onClick={() => onDelete(client)}
            aria-label={`Delete ${client.name}`}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
      <dl className="grid gap-3 md:grid-cols-2 [&>*]:min-w-0">
        <CredentialRow label="Server URL" value={client.mcp_url} />
        <CredentialRow label="Client ID" value={client.client_id} />
      </dl>
      <PasteHint platform={client.platform} />
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4 [&>*]:min-w-0">
        <div>
          <dt className="text-xs text-fg-muted">Permissions</dt>
          <dd className="text-fg">{client.scopes.join(', ')}</dd>
        </div>
        {client.access && client.access.length > 0 && (
          <div>
            <dt className="text-xs text-fg-muted">Access to</dt>
            <dd className="break-words text-fg">
              {client.access.map((p) => (p === null ? 'All memories' : `Only ${p}`)).join('; ')}
            </dd>
          </div>
        )}
        <div>
          <dt className="text-xs text-fg-muted">Created</dt>
          <dd className="text-fg" title={formatDateTime(client.created_at)}>
            {formatDate(client.created_at)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">Last used</dt>
          <dd className="text-fg" title={client.last_used ? formatDateTime(client.last_used) : undefined}>
            {lastUsedLabel(client.last_used)}
          </dd>
        </div>
        <div className="sm:col-span-2 lg:col-span-1">
          <dt className="text-xs text-fg-muted">Redirect URIs</dt>
          <dd className="space-y-0.5 font-mono text-xs break-words text-fg">
            {client.redirect_uris.length
              ? client.redirect_uris.map((u) => (
                  <div key={u}>
                    <BreakableText text={u} />
                  </div>
                ))
              : '—'}
          </dd>
        </div>
      </dl>
    </li>
  );
}
