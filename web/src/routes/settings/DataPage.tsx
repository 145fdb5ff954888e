import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { type ExportFormat, useExportAccount } from '../../api/account.js';
import { useBackupStatus } from '../../api/backups.js';
import { Button } from '../../components/ui/Button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.js';
import { PageHeader } from '../../components/ui/PageHeader.js';
import { SegmentedControl } from '../../components/ui/SegmentedControl.js';
import { messageOf } from '../../lib/api-error.js';
import { backupLine } from '../../lib/backup-line.js';
import { DeleteAccountCard } from './DeleteAccountCard.js';
import { ImportCard } from './ImportCard.js';
import { usePageTitle } from '../../lib/page-title.js';

const EXPORT_OPTIONS: { value: ExportFormat; label: string }[] = [
  { value: 'json', label: 'Cairn JSON' },
  { value: 'markdown', label: 'Markdown (.zip)' },
  { value: 'mcp-memory', label: 'MCP memory (.jsonl)' },
];

/** /app/settings/data: your memories out (export), in (import), or gone (delete the account). */
export function DataPage() {
  usePageTitle('Import and export');
  const exporter = useExportAccount();
  const [format, setFormat] = useState<ExportFormat>('json');
  const backups = useBackupStatus();

  const onExport = () =>
    exporter.mutate(format, {
      onSuccess: (name) => toast.success(`Exported ${name}`),
      onError: (err) => toast.error(messageOf(err, 'Failed to export your data')),
    });

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
            Download every memory trace: Cairn JSON (a backup, or a move to another Cairn server), Markdown
            notes with front matter in a .zip (opens as an Obsidian vault), or the MCP memory server&apos;s
            knowledge graph (.jsonl).
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <SegmentedControl<ExportFormat>
            aria-label="Export format"
            // Three long labels: on a phone they wrap to a second row instead of widening the page.
            className="h-auto flex-wrap [&>button]:h-9"
            value={format}
            onValueChange={setFormat}
            options={EXPORT_OPTIONS}
          />
          <Button variant="secondary" onClick={onExport} disabled={exporter.isPending}>
            <Download aria-hidden="true" />
            {exporter.isPending ? 'Exporting...' : 'Export my data'}
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Server backups</CardTitle>
          <CardDescription data-testid="backup-status">
            {backups.data
              ? backupLine(backups.data)
              : backups.isError
                ? 'Backup status unavailable'
                : 'Loading…'}
          </CardDescription>
        </CardHeader>
      </Card>
      <ImportCard />
      <DeleteAccountCard />
    </div>
  );
}
