import { History as HistoryIcon, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { TraceVersion } from '../../../../contract/history.js';
import { useRestoreVersion, useTraceVersions } from '../../api/trace-history.js';
import { Button } from '../../components/ui/Button.js';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.js';
import { RelativeTime } from '../../components/ui/RelativeTime.js';
import { errorText } from '../../lib/form-errors.js';
import { actorLabel, fieldList } from '../../lib/provenance.js';

/**
 * The detail page's history (ADR 0033): each earlier version, newest first, with when it was
 * replaced, by whom and which fields that edit changed, and a Restore that asks first. Restoring
 * is an edit, so the version it replaces joins the list. Nothing is shown while loading, on error,
 * or before the first edit: the page is about the trace itself.
 */
export function TraceHistory({ id }: { id: string }) {
  const versions = useTraceVersions(id);
  const restore = useRestoreVersion();
  const [asking, setAsking] = useState<TraceVersion | null>(null);
  const items = versions.data?.versions ?? [];
  if (!items.length) return null;

  async function confirmRestore(version: TraceVersion) {
    try {
      await restore.mutateAsync({ id, version: version.version });
      toast.success(`Version ${version.version} restored`);
    } catch (err) {
      toast.error(`Failed to restore version: ${errorText(err, 'Something went wrong')}`);
    } finally {
      setAsking(null);
    }
  }

  return (
    <section aria-labelledby="history-heading" className="space-y-3">
      <h2 id="history-heading" className="flex items-center gap-2 text-sm font-semibold text-fg">
        <HistoryIcon className="size-4" aria-hidden="true" />
        History
      </h2>
      <ol className="space-y-2" aria-label="Earlier versions">
        {items.map((v) => (
          <li
            key={v.version}
            className="flex flex-col gap-2 rounded-lg border border-line bg-surface px-4 py-3 shadow-sm sm:flex-row sm:items-start"
          >
            <div className="min-w-0 flex-1 space-y-1">
              <p className="text-sm font-medium text-fg">
                Version {v.version}: {v.title || 'Untitled Trace'}
              </p>
              <p className="line-clamp-2 text-sm break-words text-fg-muted">{v.content}</p>
              <p className="text-xs text-fg-subtle">
                Changed <RelativeTime iso={v.changed_at} />
                {v.changed_by && ` by ${actorLabel(v.changed_by)}`}: {fieldList(v.changed_fields)}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              className="shrink-0"
              onClick={() => setAsking(v)}
              aria-label={`Restore version ${v.version}`}
            >
              <RotateCcw aria-hidden="true" />
              Restore
            </Button>
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={asking !== null}
        title={`Restore version ${asking?.version ?? ''}?`}
        className="max-w-sm"
        confirmLabel="Restore"
        pendingLabel="Restoring..."
        pending={restore.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && void confirmRestore(asking)}
      >
        The trace reads as this version again. What it says now is kept in its history, so you can come back
        to it.
      </ConfirmDialog>
    </section>
  );
}
