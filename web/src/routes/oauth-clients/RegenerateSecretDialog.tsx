import type { OAuthClient } from '../../../../contract/oauth.js';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.js';

/**
 * Asked before a new secret replaces the old one: the assistant using the old secret stops
 * working at once, which is as final as a delete for whoever set it up.
 */
export function RegenerateSecretDialog({
  client,
  pending,
  onCancel,
  onConfirm,
}: {
  client: OAuthClient | null;
  pending: boolean;
  onCancel(): void;
  onConfirm(client: OAuthClient): void;
}) {
  return (
    <ConfirmDialog
      open={client !== null}
      title="Regenerate client secret"
      description={
        client
          ? `Make a new secret for "${client.name}"? The current secret stops working at once.`
          : undefined
      }
      confirmLabel="Regenerate secret"
      pendingLabel="Regenerating..."
      pending={pending}
      onCancel={onCancel}
      onConfirm={() => client && onConfirm(client)}
    >
      Paste the new secret into the assistant that uses this client, or it cannot connect again.
    </ConfirmDialog>
  );
}
