import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { OAuthClient, OAuthClientWithSecret } from '../../../../contract/oauth.js';
import { useDeleteOAuthClient, useOAuthClients, useRegenerateOAuthSecret } from '../../api/oauth-clients.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.js';
import { PageHeader } from '../../components/ui/PageHeader.js';
import { Spinner } from '../../components/ui/Spinner.js';
import { CreateOAuthClientForm } from './CreateOAuthClientForm.js';
import { CredentialsPanel } from './CredentialsPanel.js';
import { DeleteOAuthClientDialog } from './DeleteOAuthClientDialog.js';
import { EditOAuthClientDialog } from './EditOAuthClientDialog.js';
import { OAuthClientCard } from './OAuthClientCard.js';
import { RegenerateSecretDialog } from './RegenerateSecretDialog.js';
import { usePageTitle } from '../../lib/page-title.js';

/**
 * /app/settings/oauth-clients: clients for assistants that connect
 * with OAuth (claude.ai, ChatGPT, Cursor). Clients assistants registered themselves and the
 * person approved appear here too, so they can be disconnected.
 */
export function OAuthClientsPage() {
  usePageTitle('OAuth Clients');
  const clients = useOAuthClients();
  const remove = useDeleteOAuthClient();
  const regenerate = useRegenerateOAuthSecret();
  // Held only in memory: the secret is shown until "Done", and never again.
  const [credentials, setCredentials] = useState<OAuthClientWithSecret | null>(null);
  const [toDelete, setToDelete] = useState<OAuthClient | null>(null);
  const [toRegenerate, setToRegenerate] = useState<OAuthClient | null>(null);
  // Kept after closing (open: false) so the dialog can close in place and hand focus back to
  // the Edit button; `opening` gives each opening a fresh form.
  const [toEdit, setToEdit] = useState<{ client: OAuthClient; open: boolean; opening: number } | null>(null);
  const edit = (client: OAuthClient) =>
    setToEdit((current) => ({ client, open: true, opening: (current?.opening ?? 0) + 1 }));

  // The Delete button that opened the dialog leaves with its card: after a delete the focus goes
  // to the list's heading instead of falling to the page.
  const listHeading = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);

  const confirmDelete = (client: OAuthClient) =>
    remove.mutate(client, {
      onSuccess: () => {
        deleted.current = true;
        toast.success('OAuth client deleted');
        setToDelete(null);
        if (credentials?.id === client.id) setCredentials(null);
      },
      onError: () => toast.error('Failed to delete OAuth client'),
    });

  const onRegenerate = (client: OAuthClient) =>
    regenerate.mutate(client, {
      onSuccess: (fresh) => {
        toast.success('Client secret regenerated');
        setToRegenerate(null);
        setCredentials(fresh);
      },
      onError: () => toast.error('Failed to regenerate client secret'),
    });

  return (
    <div className="space-y-6">
      <PageHeader
        title="OAuth Clients"
        description="claude.ai and ChatGPT connect with OAuth rather than API keys. Most assistants register themselves when you add Cairn; create a client here when yours asks for a client ID and secret."
      />
      {credentials && <CredentialsPanel client={credentials} onDone={() => setCredentials(null)} />}
      <Card>
        <CardHeader>
          <CardTitle>Create OAuth client</CardTitle>
          <CardDescription>The client secret is shown once, right after you create it.</CardDescription>
        </CardHeader>
        <CardContent>
          <CreateOAuthClientForm onCreated={setCredentials} />
        </CardContent>
      </Card>
      <section aria-labelledby="oauth-clients-list" className="space-y-3">
        <h2
          id="oauth-clients-list"
          ref={listHeading}
          tabIndex={-1}
          className="text-base font-semibold text-fg outline-none"
        >
          Your OAuth clients
        </h2>
        {clients.isPending ? (
          <Spinner />
        ) : clients.isError ? (
          <p role="alert" className="rounded-lg bg-danger-soft p-4 text-sm text-danger-soft-fg">
            Failed to fetch OAuth clients
          </p>
        ) : clients.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line-strong p-6 text-center text-sm text-fg-muted">
            No OAuth clients yet. Add Cairn to claude.ai or ChatGPT and approve it, or create one above.
          </p>
        ) : (
          <ul className="space-y-3">
            {clients.data.map((client) => (
              <OAuthClientCard
                key={client.id}
                client={client}
                onDelete={setToDelete}
                // Only clients made here: one that registered itself states its own name and callbacks.
                onEdit={client.registered_via === 'manual' ? edit : undefined}
                onRegenerate={setToRegenerate}
                regenerating={regenerate.isPending}
              />
            ))}
          </ul>
        )}
      </section>
      {toEdit && (
        <EditOAuthClientDialog
          key={toEdit.opening}
          client={toEdit.client}
          open={toEdit.open}
          onClose={() => setToEdit({ ...toEdit, open: false })}
        />
      )}
      <RegenerateSecretDialog
        client={toRegenerate}
        pending={regenerate.isPending}
        onCancel={() => setToRegenerate(null)}
        onConfirm={onRegenerate}
      />
      <DeleteOAuthClientDialog
        client={toDelete}
        pending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={(client) => {
          deleted.current = false;
          confirmDelete(client);
        }}
        finalFocus={() => (deleted.current ? listHeading.current : null)}
      />
    </div>
  );
}
