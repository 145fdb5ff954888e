import type { OAuthClient } from '../../../../contract/oauth.js';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.js';

/** The confirmation text, verbatim from the product spec. */
export function deleteConfirmation(name: string): string {
  return `Are you sure you want to delete "${name}"? This action cannot be undone and will revoke all associated tokens.`;
}

export function DeleteOAuthClientDialog({
  client,
  pending,
  onCancel,
  onConfirm,
  finalFocus,
}: {
  client: OAuthClient | null;
  pending: boolean;
  onCancel(): void;
  onConfirm(client: OAuthClient): void;
  finalFocus?: () => HTMLElement | null;
}) {
  return (
    <ConfirmDialog
      open={client !== null}
      title="Delete OAuth client"
      description={client ? deleteConfirmation(client.name) : undefined}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={pending}
      onCancel={onCancel}
      onConfirm={() => client && onConfirm(client)}
      finalFocus={finalFocus}
    >
      Assistants connected through this client lose access at once and must be connected again.
    </ConfirmDialog>
  );
}
