import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AccountExport, IMPORT_LIMITS, type ImportResponse } from '../../../contract/account.js';
import type { ChangePasswordRequest } from '../../../contract/auth.js';
import { api } from '../lib/api-client.js';

/** Downloads the account's export as a file named like the server names it. */
export function useExportAccount() {
  return useMutation({
    mutationFn: async () => {
      const data = await api<AccountExport>('/api/account/export');
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `cairn-export-${data.exported_at.slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(url);
      return data.traces.length;
    },
  });
}

/** Imports a list of traces in requests of at most IMPORT_LIMITS.tracesPerRequest, adding up the results. */
export function useImportTraces(onProgress: (done: number, total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (traces: unknown[]) => {
      const total: ImportResponse = { imported: 0, duplicates: 0, failed: [] };
      for (let start = 0; start < traces.length; start += IMPORT_LIMITS.tracesPerRequest) {
        const chunk = traces.slice(start, start + IMPORT_LIMITS.tracesPerRequest);
        const res = await api<ImportResponse>('/api/account/import', {
          method: 'POST',
          body: { traces: chunk },
        });
        total.imported += res.imported;
        total.duplicates += res.duplicates;
        total.failed.push(...res.failed.map((f) => ({ ...f, index: f.index + start })));
        onProgress(Math.min(start + chunk.length, traces.length), traces.length);
      }
      return total;
    },
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => api('/api/account', { method: 'DELETE', body: { password } }),
  });
}

/** Changes the password; the server signs out every other session of the account. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api<void>('/api/auth/password', { method: 'POST', body }),
  });
}
