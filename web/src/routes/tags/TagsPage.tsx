import { Merge, Pencil, Search, Tags, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { TagCount } from '../../../../contract/tags.js';
import { useTagChange, useTags } from '../../api/tags.js';
import { Button } from '../../components/ui/Button.js';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.js';
import { Input } from '../../components/ui/Input.js';
import { PageHeader } from '../../components/ui/PageHeader.js';
import { errorText } from '../../lib/form-errors.js';
import { usePageTitle } from '../../lib/page-title.js';
import { FailedToLoad, ListMessage } from '../traces/ListMessage.js';
import { MergeTagsDialog } from './MergeTagsDialog.js';
import { RenameTagDialog } from './RenameTagDialog.js';

type Open =
  | { kind: 'rename'; tag: TagCount }
  | { kind: 'merge'; tags: string[]; into?: string }
  | { kind: 'delete'; tag: TagCount }
  | null;

/**
 * /app/tags: every tag with how many traces carry it; rename, merge and delete across all of them
 * at once. A tag opens the list filtered by it; ticking several merges them.
 */
export function TagsPage() {
  usePageTitle('Tags');
  const tags = useTags();
  const { remove } = useTagChange();
  const [filter, setFilter] = useState('');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<Open>(null);
  const shown = (tags.data ?? []).filter((t) => t.name.includes(filter.trim().toLowerCase()));
  const tick = (name: string) =>
    setTicked((prev) => {
      const next = new Set(prev);
      if (!next.delete(name)) next.add(name);
      return next;
    });

  const confirmDelete = (tag: TagCount) =>
    remove.mutate(tag.name, {
      onSuccess: (res) => {
        toast.success(`#${tag.name} removed from ${res.changed} ${res.changed === 1 ? 'trace' : 'traces'}`);
        setTicked((prev) => new Set([...prev].filter((t) => t !== tag.name)));
        setOpen(null);
      },
      onError: (err) => toast.error(`Failed to delete tag: ${errorText(err, 'Something went wrong')}`),
    });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Tags"
        description="Your tags across all traces. Rename one, merge a few that mean the same, or delete one: every trace follows."
      />
      {tags.isPending ? (
        <div
          role="status"
          aria-label="Loading tags"
          className="h-40 animate-pulse rounded-xl bg-surface-muted"
        />
      ) : tags.isError ? (
        <FailedToLoad title="Failed to load tags" onRetry={() => void tags.refetch()} />
      ) : tags.data.length === 0 ? (
        <ListMessage
          icon={<Tags aria-hidden="true" />}
          title="No tags yet"
          text="Tags come with traces: add some when you write one, or let Cairn suggest them."
          action={
            <Button asChild>
              <Link to="/app/traces">Go to your traces</Link>
            </Button>
          }
        />
      ) : (
        <section aria-labelledby="tags-list" className="space-y-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <h2 id="tags-list" className="text-base font-semibold text-fg">
              {tags.data.length} {tags.data.length === 1 ? 'tag' : 'tags'}
            </h2>
            <div className="flex flex-wrap items-center gap-2">
              {ticked.size >= 2 && (
                <Button size="sm" onClick={() => setOpen({ kind: 'merge', tags: [...ticked] })}>
                  <Merge aria-hidden="true" />
                  Merge {ticked.size} tags
                </Button>
              )}
              <div className="relative w-full sm:w-56">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
                  aria-hidden="true"
                />
                <Input
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                  placeholder="Find a tag"
                  aria-label="Find a tag"
                  className="pl-9"
                />
              </div>
            </div>
          </div>
          <ul
            className="divide-y divide-line rounded-xl border border-line bg-surface shadow-sm"
            aria-label="Tags"
          >
            {shown.map((tag) => (
              <li key={tag.name} className="flex min-w-0 items-center gap-3 px-4 py-2.5">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-[var(--color-accent)]"
                  checked={ticked.has(tag.name)}
                  onChange={() => tick(tag.name)}
                  aria-label={`Select #${tag.name} to merge`}
                />
                <Link
                  to={`/app/traces?tags=${encodeURIComponent(tag.name)}`}
                  className="min-w-0 flex-1 truncate font-medium text-fg hover:underline"
                  title={`Show the traces tagged ${tag.name}`}
                >
                  #{tag.name}
                </Link>
                <span className="shrink-0 text-sm text-fg-muted tabular-nums">
                  {tag.count} {tag.count === 1 ? 'trace' : 'traces'}
                </span>
                <div className="flex shrink-0 gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Rename #${tag.name}`}
                    title="Rename"
                    onClick={() => setOpen({ kind: 'rename', tag })}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="danger-ghost"
                    size="icon"
                    aria-label={`Delete #${tag.name}`}
                    title="Delete"
                    onClick={() => setOpen({ kind: 'delete', tag })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
            {shown.length === 0 && (
              <li className="px-4 py-6 text-center text-sm text-fg-muted">No tag contains “{filter}”.</li>
            )}
          </ul>
        </section>
      )}
      {open?.kind === 'rename' && (
        <RenameTagDialog
          tag={open.tag}
          onClose={() => setOpen(null)}
          onMergeInstead={(into) => setOpen({ kind: 'merge', tags: [open.tag.name, into], into })}
        />
      )}
      {open?.kind === 'merge' && (
        <MergeTagsDialog
          tags={open.tags}
          {...(open.into ? { into: open.into } : {})}
          onClose={() => setOpen(null)}
          onMerged={() => setTicked(new Set())}
        />
      )}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title={open?.kind === 'delete' ? `Delete #${open.tag.name}?` : 'Delete tag?'}
        description={
          open?.kind === 'delete'
            ? `It comes off ${open.tag.count} ${open.tag.count === 1 ? 'trace' : 'traces'}; the traces stay.`
            : undefined
        }
        confirmLabel="Delete tag"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onCancel={() => setOpen(null)}
        onConfirm={() => open?.kind === 'delete' && confirmDelete(open.tag)}
      >
        This cannot be undone: to bring the tag back, add it to the traces again.
      </ConfirmDialog>
    </div>
  );
}
