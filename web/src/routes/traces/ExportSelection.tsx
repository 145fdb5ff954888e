import { Download } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Trace } from '../../../../contract/traces.js';
import { fetchTrace } from '../../api/traces.js';
import { Button } from '../../components/ui/Button.js';
import { downloadFile } from '../../lib/download.js';
import { errorText } from '../../lib/form-errors.js';
import { selectionFileName, selectionJson, selectionMarkdown } from '../../lib/selection-export.js';
import type { Selectable } from './use-selection.js';

/** A ranked search result lacks a few of a trace's fields (access count, source): read those in. */
const isTrace = (item: Selectable): item is Trace => 'source' in item;

const ITEM =
  'flex cursor-default items-center rounded-md px-2 py-1.5 text-sm text-fg outline-none data-[highlighted]:bg-surface-muted';

/** Downloads the selection as Cairn JSON (importable again) or as one Markdown document. */
export function ExportSelection({ items }: { items: readonly Selectable[] }) {
  const [busy, setBusy] = useState(false);

  async function download(kind: 'json' | 'md') {
    setBusy(true);
    try {
      const traces = await Promise.all(items.map((i) => (isTrace(i) ? i : fetchTrace(i.id))));
      const now = new Date();
      const name = selectionFileName(traces.length, kind, now);
      if (kind === 'json') downloadFile(name, selectionJson(traces, now), 'application/json');
      else downloadFile(name, selectionMarkdown(traces), 'text/markdown');
      toast.success(`Exported ${traces.length} ${traces.length === 1 ? 'trace' : 'traces'} to ${name}`);
    } catch (err) {
      toast.error(`Failed to export: ${errorText(err, 'Something went wrong')}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size="sm" disabled={busy}>
          <Download aria-hidden="true" />
          {busy ? 'Exporting…' : 'Export'}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-48 rounded-lg border border-line bg-surface-raised p-1 shadow-lg"
        >
          <DropdownMenu.Item className={ITEM} onSelect={() => void download('json')}>
            Cairn JSON (importable)
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={() => void download('md')}>
            Markdown
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
