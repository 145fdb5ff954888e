import type { OAuthClient } from '../../../../contract/oauth.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';

/** Spec section 9: the confirmation text, verbatim. */
export function deleteConfirmation(name: string): string {
  return `Are you sure you want to delete "${name}"? This action cannot be undone and will revoke all associated tokens.`;
}

export function DeleteOAuthClientDialog({
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
      title="Delete OAuth client"
      description={client ? deleteConfirmation(client.name) : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" disabled={pending} onClick={() => client && onConfirm(client)}>
            {pending ? 'Deleting...' : 'Delete'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-fg-muted">
        Assistants connected through this client lose access at once and must be connected again.
      </p>
    </Dialog>
  );
}
