import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EXPORT_FORMATS, ImportJob, ImportJobItemsResponse } from '../../../contract/account.js';
import type { ChangePasswordRequest } from '../../../contract/auth.js';
import { api, apiResponse } from '../lib/api-client.js';
import { downloadFile } from '../lib/download.js';

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file name the server gave (content-disposition), or a fallback. */
function fileNameOf(res: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/** Downloads the account's export in the chosen format, under the name the server gives it. */
export function useExportAccount() {
  return useMutation({
    mutationFn: async (format: ExportFormat) => {
      const res = await apiResponse('/api/account/export', { query: { format } });
      const name = fileNameOf(res, `cairn-export.${format === 'markdown' ? 'zip' : 'json'}`);
      downloadFile(name, await res.blob());
      return name;
    },
  });
}

const jobKey = (id: string) => ['account', 'import-jobs', id] as const;

/** Uploads a file (or pasted text) and answers the job with its preview. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, name }: { file: Blob; name: string }) =>
      api<ImportJob>('/api/account/import/jobs', { method: 'POST', file, query: { name } }),
    onSuccess: (job) => queryClient.setQueryData(jobKey(job.id), job),
  });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, skipNearDuplicates }: { id: string; skipNearDuplicates: boolean }) =>
      api<ImportJob>(`/api/account/import/jobs/${id}/start`, {
        method: 'POST',
        body: { skip_near_duplicates: skipNearDuplicates },
      }),
    onSuccess: (job) => queryClient.setQueryData(jobKey(job.id), job),
  });
}

export function useCancelImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ImportJob>(`/api/account/import/jobs/${id}/cancel`, { method: 'POST' }),
    onSuccess: (job) => queryClient.setQueryData(jobKey(job.id), job),
  });
}

/**
 * A job, polled every second while its file is read (a large upload is answered before its
 * preview is complete) and while it runs; the trace lists refresh once it is done.
 */
export function useImportJob(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: jobKey(id ?? ''),
    enabled: id !== null,
    queryFn: async () => {
      const job = await api<ImportJob>(`/api/account/import/jobs/${id}`);
      if (job.status === 'done') void queryClient.invalidateQueries({ queryKey: ['traces'] });
      return job;
    },
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'running' || status === 'staging' ? 1000 : false;
    },
  });
}

/** The first items of one kind (the invalid ones for the preview, the failed for the report). */
export function useImportItems(id: string | null, kind: 'invalid' | 'near_duplicate', enabled: boolean) {
  return useQuery({
    queryKey: [...jobKey(id ?? ''), 'items', kind],
    enabled: id !== null && enabled,
    queryFn: () =>
      api<ImportJobItemsResponse>(`/api/account/import/jobs/${id}/items`, { query: { kind, limit: 50 } }),
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
