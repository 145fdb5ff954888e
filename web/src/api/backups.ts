import { useQuery } from '@tanstack/react-query';
import type { BackupStatus } from '../../../contract/backups.js';
import { api } from '../lib/api-client.js';

export const backupKeys = { status: ['backups', 'status'] as const };

/** Whether the server backs itself up, and its latest backup (Settings → Data). */
export function useBackupStatus() {
  return useQuery({
    queryKey: backupKeys.status,
    queryFn: ({ signal }) => api<BackupStatus>('/api/backups/status', { signal }),
    staleTime: 60_000,
  });
}
