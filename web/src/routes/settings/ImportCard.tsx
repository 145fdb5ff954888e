import { Upload } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ImportJob } from '../../../../contract/account.js';
import {
  useCancelImport,
  useImportItems,
  useImportJob,
  useStartImport,
  useUploadImport,
} from '../../api/account.js';
import { Button } from '../../components/ui/Button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/Card.js';
import { messageOf } from '../../lib/api-error.js';
import {
  FORMAT_NAMES,
  pastedFile,
  previewSentence,
  progressPercent,
  reportSentence,
  toImport,
} from '../../lib/import-file.js';

/**
 * Import in three steps: choose a file (or paste lines), read the preview, start; then a progress
 * bar while the server works through it in the background, and the report.
 */
export function ImportCard() {
  const fileInput = useRef<HTMLInputElement>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const [skipNear, setSkipNear] = useState(false);
  const upload = useUploadImport();
  const start = useStartImport();
  const cancel = useCancelImport();
  const job = useImportJob(jobId).data;

  const send = (file: Blob, name: string) => {
    setJobId(null);
    upload.mutate(
      { file, name },
      {
        onSuccess: (staged) => setJobId(staged.id),
        onError: (err) => toast.error(messageOf(err, 'This file cannot be imported')),
      },
    );
  };
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) send(file, file.name);
  };
  const onStart = () => {
    if (!job) return;
    start.mutate(
      { id: job.id, skipNearDuplicates: skipNear },
      { onError: (err) => toast.error(messageOf(err, 'The import could not start')) },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Import</CardTitle>
        <CardDescription>
          Bring memories from a Cairn export, the MCP memory server (.jsonl), mem0 or OpenMemory, a .zip of
          Markdown notes (Obsidian, basic-memory), or paste a list with one memory per line — as ChatGPT and
          Claude show their saved memories. You see what will happen before anything is saved.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <input
          ref={fileInput}
          type="file"
          className="sr-only"
          aria-label="Choose a file to import"
          onChange={onFile}
        />
        <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={upload.isPending}>
          <Upload aria-hidden="true" />
          {upload.isPending ? 'Reading the file...' : 'Choose a file'}
        </Button>
        <div className="space-y-2">
          <label htmlFor="import-paste" className="text-sm font-medium text-fg">
            Or paste memories, one per line
          </label>
          <textarea
            id="import-paste"
            value={pasted}
            onChange={(e) => setPasted(e.target.value)}
            rows={4}
            className="w-full rounded-md border border-border bg-surface p-2 text-sm text-fg"
            placeholder={'- Prefers concise answers\n- Has a cat named Miso'}
          />
          <Button
            variant="secondary"
            disabled={!pasted.trim() || upload.isPending}
            onClick={() => send(pastedFile(pasted), 'pasted text')}
          >
            Preview pasted memories
          </Button>
        </div>
        {job && job.status === 'ready' && (
          <Preview
            job={job}
            skipNear={skipNear}
            setSkipNear={setSkipNear}
            onStart={onStart}
            starting={start.isPending}
          />
        )}
        {job && job.status !== 'ready' && (
          <Progress job={job} onCancel={() => cancel.mutate(job.id)} cancelling={cancel.isPending} />
        )}
      </CardContent>
    </Card>
  );
}

function Preview(props: {
  job: ImportJob;
  skipNear: boolean;
  setSkipNear(v: boolean): void;
  onStart(): void;
  starting: boolean;
}) {
  const { job, skipNear } = props;
  const invalid = useImportItems(job.id, 'invalid', job.preview.invalid > 0).data?.items ?? [];
  const count = toImport(job, skipNear);
  return (
    <section
      aria-label="Import preview"
      className="space-y-3 rounded-lg bg-surface-muted p-4 text-sm text-fg"
    >
      <p className="font-medium">
        {job.file_name ?? 'Your file'} · {FORMAT_NAMES[job.format]}
      </p>
      <p role="status">{previewSentence(job)}</p>
      {invalid.length > 0 && (
        <ul
          className="max-h-40 list-disc space-y-1 overflow-y-auto pl-5 text-fg-muted"
          aria-label="Invalid items"
        >
          {invalid.map((item) => (
            <li key={item.position}>
              {item.label}: {item.detail}
            </li>
          ))}
        </ul>
      )}
      {job.preview.near_duplicates > 0 && (
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={skipNear} onChange={(e) => props.setSkipNear(e.target.checked)} />
          Leave out the {job.preview.near_duplicates} similar to memories I already have
        </label>
      )}
      <Button onClick={props.onStart} disabled={count === 0 || props.starting}>
        {count === 0 ? 'Nothing new to import' : `Import ${count} ${count === 1 ? 'memory' : 'memories'}`}
      </Button>
    </section>
  );
}

function Progress({ job, onCancel, cancelling }: { job: ImportJob; onCancel(): void; cancelling: boolean }) {
  const percent = progressPercent(job);
  const failed =
    useImportItems(job.id, 'invalid', job.status === 'done' && job.progress.failed > 0).data?.items ?? [];
  return (
    <section
      aria-label="Import progress"
      className="space-y-3 rounded-lg bg-surface-muted p-4 text-sm text-fg"
    >
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-surface"
      >
        <div className="h-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p role="status">
        {job.status === 'running' &&
          `Importing… ${job.progress.processed} of ${job.preview.total} (${percent}%)`}
        {job.status === 'done' && `Done. ${reportSentence(job)}`}
        {job.status === 'cancelled' && `Stopped. ${reportSentence(job)}`}
        {job.status === 'staging' && `Reading the file… ${job.preview.total} memories so far`}
        {job.status === 'failed' && `Nothing was imported: ${job.error ?? 'the file could not be read'}`}
      </p>
      {failed.length > 0 && (
        <ul
          className="max-h-40 list-disc space-y-1 overflow-y-auto pl-5 text-fg-muted"
          aria-label="Items not imported"
        >
          {failed.map((item) => (
            <li key={item.position}>
              {item.label}: {item.detail}
            </li>
          ))}
        </ul>
      )}
      {(job.status === 'running' || job.status === 'staging') && (
        <Button variant="secondary" onClick={onCancel} disabled={cancelling}>
          Stop importing
        </Button>
      )}
    </section>
  );
}
