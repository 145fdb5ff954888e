import { toast } from 'sonner';
import type { ApiKey } from '../../../../contract/api-keys.js';
import { useRevokeApiKey } from '../../api/api-keys.js';
import { Button } from '../../components/ui/Button.js';
import { Dialog } from '../../components/ui/Dialog.js';

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
    <Dialog
      open={apiKey !== null}
      onOpenChange={(open) => !open && !revoke.isPending && onClose()}
      title="Revoke API key?"
      description={
        apiKey
          ? `“${apiKey.name}” (${apiKey.prefix}…) stops working at once. This cannot be undone.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={revoke.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={revoke.isPending}>
            {revoke.isPending ? 'Revoking...' : 'Revoke key'}
          </Button>
        </>
      }
    >
      <p className="text-sm text-fg-muted">
        Any assistant or script using this key gets 401 Unauthorized from its next request on.
      </p>
    </Dialog>
  );
}
