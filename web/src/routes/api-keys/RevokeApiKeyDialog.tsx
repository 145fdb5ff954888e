import { toast } from 'sonner';
import type { ApiKey } from '../../../../contract/api-keys.js';
import { useRevokeApiKey } from '../../api/api-keys.js';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.js';

/** Revoking is irreversible, so it asks once. */
export function RevokeApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose(): void }) {
  const revoke = useRevokeApiKey();
  const confirm = () => {
    if (!apiKey) return;
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        toast.success('API key revoked successfully');
        onClose();
      },
      onError: () => toast.error('Failed to revoke API key'),
    });
  };
  return (
    <ConfirmDialog
      open={apiKey !== null}
      title="Revoke API key?"
      description={
        apiKey
          ? `“${apiKey.name}” (${apiKey.prefix}…) stops working at once. This cannot be undone.`
          : undefined
      }
      confirmLabel="Revoke key"
      pendingLabel="Revoking..."
      pending={revoke.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    >
      Any assistant or script using this key gets 401 Unauthorized from its next request on.
    </ConfirmDialog>
  );
}
