import type { UseQueryResult } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import type { ApiKey } from '../../../../contract/api-keys.js';
import { Badge } from '../../components/ui/Badge.js';
import { Button } from '../../components/ui/Button.js';
import { Spinner } from '../../components/ui/Spinner.js';
import { expiryLabel, isExpired } from '../../lib/key-expiry.js';
import { formatDate, formatDateTime, lastUsedLabel } from '../../lib/relative-time.js';
import { EditApiKeyDialog } from './EditApiKeyDialog.js';
import { RevokeApiKeyDialog } from './RevokeApiKeyDialog.js';

export function ApiKeyList({ query }: { query: UseQueryResult<ApiKey[]> }) {
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [editing, setEditing] = useState<ApiKey | null>(null);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading API keys" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-sm font-medium text-danger">Failed to fetch API keys</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-10 text-center">
        <KeyRound className="size-8 text-fg-subtle" aria-hidden="true" />
        <p className="text-sm font-medium text-fg">No API keys yet</p>
        <p className="text-sm text-fg-muted">Create one above to connect Claude Code, Cursor or a script.</p>
      </div>
    );
  }

  const now = new Date();
  return (
    <>
      <ul className="divide-y divide-line" aria-label="API keys">
        {query.data.map((key) => (
          <li key={key.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-1.5">
              <p className="flex flex-wrap items-center gap-2 font-medium break-words text-fg">
                <span className="min-w-0 break-words">{key.name}</span>
                {isExpired(key.expires_at, now) && <Badge tone="danger">Expired</Badge>}
              </p>
              <div className="flex flex-wrap items-center gap-1.5">
                <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-[13px] text-fg">
                  {key.prefix}…
                </code>
                {key.permissions.map((p) => (
                  <Badge key={p} tone={p === 'write:traces' ? 'warning' : 'info'} className="font-mono">
                    {p}
                  </Badge>
                ))}
              </div>
              <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
                <div className="flex gap-1">
                  <dt>Created</dt>
                  <dd className="text-fg" title={formatDateTime(key.created_at)}>
                    {formatDate(key.created_at)}
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt>Last used</dt>
                  <dd
                    className="text-fg"
                    title={key.last_used_at ? formatDateTime(key.last_used_at) : undefined}
                  >
                    {lastUsedLabel(key.last_used_at, now)}
                  </dd>
                </div>
                <div>
                  <dt className="sr-only">Expiry</dt>
                  <dd
                    className={isExpired(key.expires_at, now) ? 'text-danger' : 'text-fg'}
                    title={key.expires_at ? formatDateTime(key.expires_at) : undefined}
                  >
                    {expiryLabel(key.expires_at, now, (iso) => formatDate(iso))}
                  </dd>
                </div>
              </dl>
            </div>
            <div className="flex gap-2 self-start">
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Edit ${key.name}`}
                onClick={() => setEditing(key)}
              >
                Edit
              </Button>
              <Button
                variant="danger-ghost"
                size="sm"
                aria-label={`Revoke ${key.name}`}
                onClick={() => setRevoking(key)}
              >
                Revoke
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
      {editing && <EditApiKeyDialog key={editing.id} apiKey={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
