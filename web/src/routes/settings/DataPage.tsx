import { Download, Upload } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ImportResponse } from '../../../../contract/account.js';
import { useExportAccount, useImportTraces } from '../../api/account.js';
import { Button } from '../../components/ui/Button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.js';
import { PageHeader } from '../../components/ui/PageHeader.js';
import { messageOf } from '../../lib/api-error.js';
import { tracesFromImportFile } from '../../lib/import-file.js';
import { DeleteAccountCard } from './DeleteAccountCard.js';

/** /app/settings/data: your memories out (export), in (import), or gone (delete the account). */
export function DataPage() {
  const exporter = useExportAccount();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const [summary, setSummary] = useState<ImportResponse | null>(null);
  const importer = useImportTraces((done, total) => setProgress(`Imported ${done} of ${total}…`));

  const onExport = () =>
    exporter.mutate(undefined, {
      onSuccess: (count) => toast.success(`Exported ${count} ${count === 1 ? 'trace' : 'traces'}`),
      onError: (err) => toast.error(messageOf(err, 'Failed to export your data')),
    });

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setSummary(null);
    let traces: unknown[];
    try {
      traces = tracesFromImportFile(await file.text());
    } catch (err) {
      toast.error(messageOf(err, 'This file cannot be imported'));
      return;
    }
    importer.mutate(traces, {
      onSuccess: (result) => {
        setSummary(result);
        toast.success(`Imported ${result.imported} ${result.imported === 1 ? 'trace' : 'traces'}`);
      },
      onError: (err) => toast.error(messageOf(err, 'Failed to import traces')),
      onSettled: () => setProgress(null),
    });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Your data"
        description="Everything you keep in Cairn stays on this server. Take it with you, bring it back, or erase it."
      />
      <Card>
        <CardHeader>
          <CardTitle>Export</CardTitle>
          <CardDescription>
            Download every memory trace as one JSON file: a backup, or a way to move to another Cairn server.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="secondary" onClick={onExport} disabled={exporter.isPending}>
            <Download aria-hidden="true" />
            {exporter.isPending ? 'Exporting...' : 'Export my data'}
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Import</CardTitle>
          <CardDescription>
            Add the traces of a Cairn export (or a JSON list of {'{"content": …}'} objects). Memories you
            already have are skipped; missing categories and tags are filled in automatically.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            className="sr-only"
            aria-label="Choose a file to import"
            onChange={(e) => void onFile(e)}
          />
          <Button
            variant="secondary"
            onClick={() => fileInput.current?.click()}
            disabled={importer.isPending}
          >
            <Upload aria-hidden="true" />
            {importer.isPending ? 'Importing...' : 'Import a file'}
          </Button>
          {progress && (
            <p role="status" className="text-sm text-fg-muted">
              {progress}
            </p>
          )}
          {summary && <ImportSummary result={summary} />}
        </CardContent>
      </Card>
      <DeleteAccountCard />
    </div>
  );
}

function ImportSummary({ result }: { result: ImportResponse }) {
  return (
    <div role="status" className="space-y-2 rounded-lg bg-surface-muted p-4 text-sm text-fg">
      <p>
        {result.imported} imported, {result.duplicates} already saved, {result.failed.length} could not be
        imported.
      </p>
      {result.failed.length > 0 && (
        <ul className="max-h-40 list-disc space-y-1 overflow-y-auto pl-5 text-fg-muted">
          {result.failed.slice(0, 50).map((f) => (
            <li key={f.index}>
              Item {f.index + 1}: {f.error}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
