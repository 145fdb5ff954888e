import { Archive, ArchiveRestore, FolderGit2, Pencil, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CreateProjectRequest, type Project } from '../../../../contract/projects.js';
import { useCreateProject, useDeleteProject, useProjects, useUpdateProject } from '../../api/projects.js';
import { Badge } from '../../components/ui/Badge.js';
import { Button } from '../../components/ui/Button.js';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.js';
import { Input } from '../../components/ui/Input.js';
import { PageHeader } from '../../components/ui/PageHeader.js';
import { SegmentedControl } from '../../components/ui/SegmentedControl.js';
import { errorText } from '../../lib/form-errors.js';
import { usePageTitle } from '../../lib/page-title.js';
import { useFormErrors } from '../../lib/use-form-errors.js';
import { FailedToLoad, ListMessage } from '../traces/ListMessage.js';
import { RenameProjectDialog } from './RenameProjectDialog.js';

const FIELDS = ['name'] as const;
const plural = (n: number) => `${n} ${n === 1 ? 'trace' : 'traces'}`;
const tracesLink = (name: string) => `/app/traces?project=${encodeURIComponent(name)}`;

type Open = { kind: 'rename'; project: Project } | { kind: 'delete'; project: Project } | null;

/**
 * /app/projects (ADR 0029): the person's projects with their counts; create, rename, archive and
 * delete one. Deleting asks what becomes of its traces: personal (nothing is lost, the default)
 * or deleted with it (restorable for 30 days).
 */
export function ProjectsPage() {
  usePageTitle('Projects');
  const [showArchived, setShowArchived] = useState(false);
  const projects = useProjects({ archived: showArchived });
  const create = useCreateProject();
  const update = useUpdateProject();
  const remove = useDeleteProject();
  const [name, setName] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const [traces, setTraces] = useState<'personal' | 'delete'>('personal');
  const form = useFormErrors(FIELDS);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.check(CreateProjectRequest, { name });
    if (!body) return;
    create.mutate(body, {
      onSuccess: (p) => {
        toast.success(`Project ${p.name} created`);
        setName('');
      },
      onError: (err) => {
        if (!form.fail(err))
          toast.error(`Failed to create project: ${errorText(err, 'Something went wrong')}`);
      },
    });
  };

  const archive = (p: Project, archived: boolean) =>
    update.mutate(
      { id: p.id, changes: { archived } },
      {
        onSuccess: () => toast.success(`${p.name} ${archived ? 'archived' : 'back in use'}`),
        onError: (err) => toast.error(`Failed to change project: ${errorText(err, 'Something went wrong')}`),
      },
    );

  const confirmDelete = (p: Project) =>
    remove.mutate(
      { id: p.id, traces },
      {
        onSuccess: (res) => {
          toast.success(
            traces === 'personal'
              ? `${p.name} deleted; ${plural(res.traces)} moved to personal`
              : `${p.name} deleted with ${plural(res.traces)}`,
          );
          setOpen(null);
        },
        onError: (err) => toast.error(`Failed to delete project: ${errorText(err, 'Something went wrong')}`),
      },
    );

  const list = projects.data?.projects ?? [];
  return (
    <div className="space-y-6">
      <PageHeader
        title="Projects"
        description="A project holds the traces of one repository or workspace; assistants working there see them and your personal traces, not other projects'."
      />
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <Input
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              form.clear('name');
            }}
            placeholder="e.g. acme/api"
            aria-label="New project name"
            aria-invalid={form.errors.name ? true : undefined}
            aria-describedby={form.errors.name ? 'new-project-error' : undefined}
            autoComplete="off"
          />
          {form.errors.name && (
            <p id="new-project-error" className="mt-1 text-sm text-danger">
              {form.errors.name}
            </p>
          )}
        </div>
        <Button type="submit" disabled={create.isPending}>
          <Plus aria-hidden="true" />
          Create project
        </Button>
      </form>
      <label className="inline-flex items-center gap-2 text-sm text-fg-muted">
        <input
          type="checkbox"
          className="size-4 accent-[var(--color-accent)]"
          checked={showArchived}
          onChange={(e) => setShowArchived(e.target.checked)}
        />
        Show archived projects
      </label>
      {projects.isPending ? (
        <div
          role="status"
          aria-label="Loading projects"
          className="h-40 animate-pulse rounded-xl bg-surface-muted"
        />
      ) : projects.isError ? (
        <FailedToLoad title="Failed to load projects" onRetry={() => void projects.refetch()} />
      ) : list.length === 0 ? (
        <ListMessage
          icon={<FolderGit2 aria-hidden="true" />}
          title="No projects yet"
          text={`All your ${plural(projects.data.personal_count)} are personal. Create a project above, or let an assistant name its workspace.`}
        />
      ) : (
        <ul
          className="divide-y divide-line rounded-xl border border-line bg-surface shadow-sm"
          aria-label="Projects"
        >
          {list.map((p) => (
            <li key={p.id} className="flex min-w-0 flex-wrap items-center gap-3 px-4 py-2.5">
              <Link
                to={tracesLink(p.name)}
                className="min-w-0 flex-1 truncate font-medium text-fg hover:underline"
              >
                {p.name}
              </Link>
              {p.archived && <Badge>archived</Badge>}
              <span className="shrink-0 text-sm text-fg-muted tabular-nums">{plural(p.trace_count)}</span>
              <div className="flex shrink-0 gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Rename ${p.name}`}
                  title="Rename"
                  onClick={() => setOpen({ kind: 'rename', project: p })}
                >
                  <Pencil aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={p.archived ? `Unarchive ${p.name}` : `Archive ${p.name}`}
                  title={p.archived ? 'Unarchive' : 'Archive'}
                  disabled={update.isPending}
                  onClick={() => archive(p, !p.archived)}
                >
                  {p.archived ? <ArchiveRestore aria-hidden="true" /> : <Archive aria-hidden="true" />}
                </Button>
                <Button
                  variant="danger-ghost"
                  size="icon"
                  aria-label={`Delete ${p.name}`}
                  title="Delete"
                  onClick={() => {
                    setTraces('personal');
                    setOpen({ kind: 'delete', project: p });
                  }}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
          <li className="flex items-center gap-3 px-4 py-2.5 text-fg-muted">
            <span className="flex-1">Personal (no project)</span>
            <span className="text-sm tabular-nums">{plural(projects.data.personal_count)}</span>
          </li>
        </ul>
      )}
      {open?.kind === 'rename' && (
        <RenameProjectDialog project={open.project} onClose={() => setOpen(null)} />
      )}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={open?.kind === 'delete' ? `Delete ${open.project.name}?` : 'Delete project?'}
        description={open?.kind === 'delete' ? `It holds ${plural(open.project.trace_count)}.` : undefined}
        confirmLabel="Delete project"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => open?.kind === 'delete' && confirmDelete(open.project)}
      >
        <div className="space-y-3">
          <SegmentedControl<'personal' | 'delete'>
            aria-label="Its traces"
            value={traces}
            onValueChange={setTraces}
            options={[
              { value: 'personal', label: 'Move them to personal' },
              { value: 'delete', label: 'Delete them' },
            ]}
          />
          <p>
            {traces === 'personal'
              ? 'Its traces stay, in no project: nothing is lost.'
              : 'Its traces are deleted too; each can be restored for 30 days.'}
          </p>
        </div>
      </ConfirmDialog>
    </div>
  );
}
