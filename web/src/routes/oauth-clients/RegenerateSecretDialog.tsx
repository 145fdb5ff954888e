import type { OAuthClient } from '../../../../contract/oauth.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';

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
    <Dialog
      open={client !== null}
      onOpenChange={(open) => !open && onCancel()}
      title="Regenerate client secret"
      description={
        client
          ? `Make a new secret for "${client.name}"? The current secret stops working at once.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" disabled={pending} onClick={() => client && onConfirm(client)}>
            {pending ? 'Regenerating...' : 'Regenerate secret'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-fg-muted">
        Paste the new secret into the assistant that uses this client, or it cannot connect again.
      </p>
    </Dialog>
  );
}
