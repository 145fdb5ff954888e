import { AlertCircle, ArrowLeft, FileQuestion, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Trace, TraceDetail as TraceAnswer } from '../../../../contract/traces.js';
import { useTrace } from '../../api/traces.js';
import { Button } from '../../components/ui/Button.js';
import { CopyButton } from '../../components/ui/CopyButton.js';
import { CategoryBadge } from '../../components/ui/CategoryBadge.js';
import { ImportanceBadge } from '../../components/ui/Importance.js';
import { PinnedMark, ProjectBadge, SupersededBadge } from '../../components/ui/ProjectBadge.js';
import { PageSpinner } from '../../components/ui/Spinner.js';
import { TagChips } from '../../components/ui/TagChips.js';
import { ApiError } from '../../lib/api-error.js';
import { usePageTitle } from '../../lib/page-title.js';
import { isDialogOpen, isTypingTarget, plainShortcut } from '../../lib/shortcuts.js';
import { formatDateTime, relativeTime } from '../../lib/relative-time.js';
import { ListMessage } from './ListMessage.js';
import { SimilarTraces } from './SimilarTraces.js';
import { TraceHistory } from './TraceHistory.js';
import { actorLabel } from '../../lib/provenance.js';
import { ReplacesList } from './ReplacesList.js';
import { SupersededBanner } from './SupersededBanner.js';
import { TraceProjectControls } from './TraceProjectControls.js';
import { TraceFormDialog } from './TraceFormDialog.js';
import { useDeleteTrace } from './use-delete-trace.js';
import { Markdown } from '../../components/ui/Markdown.js';

function BackToTraces() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2">
      <Link to="/app/traces">
        <ArrowLeft aria-hidden="true" />
        Back to Traces
      </Link>
    </Button>
  );
}

/** /app/traces/:id: one trace in full, with edit and delete. */
export function TraceDetailPage() {
  const { id = '' } = useParams();
  const trace = useTrace(id);
  const notFound = trace.error instanceof ApiError && trace.error.status === 404;
  // The tab and the history entry carry the trace's own title.
  usePageTitle(
    trace.data
      ? trace.data.title || 'Untitled Trace'
      : trace.isError
        ? notFound
          ? 'Trace not found'
          : 'Failed to load trace'
        : null,
  );

  if (trace.isPending) return <PageSpinner />;
  if (trace.isError) {
    return (
      <div className="space-y-4">
        <BackToTraces />
        {notFound ? (
          <ListMessage
            icon={<FileQuestion aria-hidden="true" />}
            title="Trace not found"
            asPageTitle
            text="It may have been deleted, or the link is wrong."
          />
        ) : (
          <ListMessage
            icon={<AlertCircle aria-hidden="true" />}
            tone="danger"
            asPageTitle
            title="Failed to load trace"
            action={
              <Button variant="secondary" onClick={() => void trace.refetch()}>
                Try again
              </Button>
            }
          />
        )}
      </div>
    );
  }
  return <TraceDetail trace={trace.data} />;
}

function TraceDetail({ trace }: { trace: Trace & Partial<Pick<TraceAnswer, 'replaces'>> }) {
  const navigate = useNavigate();
  const [editKey, setEditKey] = useState<number | null>(null);
  const remove = useDeleteTrace({ onDeleted: () => navigate('/app/traces') });
  const edited = trace.updated_at !== trace.created_at;

  // `e` edits the trace being read (the shortcuts dialog lists it).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (plainShortcut(e, isTypingTarget(e.target), isDialogOpen()) !== 'e') return;
      e.preventDefault();
      setEditKey(Date.now());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <article className="space-y-5">
      <BackToTraces />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-3">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-fg">
            {trace.title || 'Untitled Trace'}
          </h1>
          <div className="flex flex-wrap items-center gap-2">
            <CategoryBadge category={trace.category} />
            <ImportanceBadge importance={trace.importance} />
            <ProjectBadge project={trace.project} />
            <PinnedMark pinned={trace.pinned} />
            <SupersededBadge superseded={!!trace.superseded_at} />
          </div>
          <TraceProjectControls trace={trace} />
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <CopyButton
            text={trace.title ? `${trace.title}\n\n${trace.content}` : trace.content}
            label="Copy trace"
            showLabel
            size="md"
            successMessage="Trace copied to clipboard"
          />
          <Button variant="secondary" onClick={() => setEditKey(Date.now())} aria-keyshortcuts="e">
            <Pencil aria-hidden="true" />
            Edit
          </Button>
          <Button variant="danger-ghost" onClick={() => remove.mutate(trace)} disabled={remove.isPending}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </header>

      <SupersededBanner trace={trace} />
      <ReplacesList replaces={trace.replaces} />

      <div className="rounded-xl border border-line bg-surface shadow-sm">
        <Markdown source={trace.content} className="px-5 py-5 text-[15px] leading-relaxed sm:px-6" />
        {trace.tags.length > 0 && (
          <div className="border-t border-line px-5 py-3 sm:px-6">
            <TagChips tags={trace.tags} linked />
          </div>
        )}
      </div>

      <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-[auto_auto_1fr]">
        <Meta label="Created" iso={trace.created_at} />
        {edited && <Meta label="Updated" iso={trace.updated_at} />}
        {trace.created_by && <By label="Created by" name={actorLabel(trace.created_by)} />}
        {edited && trace.updated_by && <By label="Last changed by" name={actorLabel(trace.updated_by)} />}
        {trace.access_count > 0 && (
          <div>
            <dt className="text-fg-subtle">Read by assistants</dt>
            <dd className="text-fg">
              {trace.access_count} {trace.access_count === 1 ? 'time' : 'times'}
            </dd>
          </div>
        )}
      </dl>

      <SimilarTraces id={trace.id} />
      <TraceHistory id={trace.id} />

      {editKey !== null && (
        <TraceFormDialog
          key={editKey}
          open
          onOpenChange={(open) => !open && setEditKey(null)}
          trace={trace}
        />
      )}
    </article>
  );
}

/** Who wrote it (ADR 0033); traces from before provenance was kept show nothing. */
function By({ label, name }: { label: string; name: string }) {
  return (
    <div>
      <dt className="text-fg-subtle">{label}</dt>
      <dd className="text-fg">{name}</dd>
    </div>
  );
}

function Meta({ label, iso }: { label: string; iso: string }) {
  return (
    <div>
      <dt className="text-fg-subtle">{label}</dt>
      <dd className="text-fg">
        <time dateTime={iso}>{formatDateTime(iso)}</time>{' '}
        <span className="text-fg-muted">({relativeTime(iso)})</span>
      </dd>
    </div>
  );
}
