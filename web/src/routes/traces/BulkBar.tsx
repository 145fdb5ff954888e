import { Tag, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { BulkTracesRequest } from '../../../../contract/trace-bulk.js';
import { CATEGORIES, type Category } from '../../../../contract/traces.js';
import { useProjects } from '../../api/projects.js';
import { useBulkTraces } from '../../api/trace-bulk.js';
import { Button } from '../../components/ui/Button.js';
import { Input } from '../../components/ui/Input.js';
import { Select } from '../../components/ui/Select.js';
import { cn } from '../../lib/cn.js';
import { errorText } from '../../lib/form-errors.js';
import { focusToastAction } from '../../lib/focus-toast-action.js';
import { focusWhenShown, traceLinkSelector } from '../../lib/focus-when-shown.js';
import { ExportSelection } from './ExportSelection.js';
import type { Selectable, Selection } from './use-selection.js';

const CHOOSE = 'choose';
/** No project can be named `*` (ADR 0029): among the move's options it stands for personal. */
const PERSONAL = '*';
const CATEGORY_OPTIONS = [
  { value: CHOOSE, label: 'Set category…' },
  ...CATEGORIES.map((c) => ({ value: c, label: c })),
];

type Props = {
  /** The traces shown on this page. */
  page: readonly Selectable[];
  /** How many traces the list or search matches in all (every page). */
  total: number;
  selection: Selection;
  /** Every matching trace, for "Select all N matching". */
  loadAllMatching(): Promise<Selectable[]>;
};

const plural = (n: number) => `${n} ${n === 1 ? 'trace' : 'traces'}`;

/**
 * "Select all on page", "Select all N matching" across pages, and what can be done to all of the
 * selection at once: delete (no confirmation: the toast's Undo restores every one), set a
 * category, move to a project (or to personal), add or remove a tag, export. It stays in view
 * while the list scrolls, and the selection stays after an action, so the next one can follow.
 */
export function BulkBar({ page, total, selection, loadAllMatching }: Props) {
  const bulk = useBulkTraces();
  const projects = useProjects().data?.projects ?? [];
  const moveOptions = [
    { value: CHOOSE, label: 'Move to project…' },
    { value: PERSONAL, label: 'Personal (no project)' },
    ...projects.map((p) => ({ value: p.name, label: p.name })),
  ];
  const [tag, setTag] = useState('');
  const [loadingAll, setLoadingAll] = useState(false);
  const onPage = page.filter((t) => selection.has(t.id)).length;
  const allOnPage = page.length > 0 && onPage === page.length;
  const count = selection.size;
  const ids = [...selection.items.keys()];

  async function run(body: BulkTracesRequest) {
    try {
      return await bulk.mutateAsync(body);
    } catch (err) {
      toast.error(`Failed to change traces: ${errorText(err, 'Something went wrong')}`);
      return null;
    }
  }

  async function remove() {
    const items = [...selection.items.values()];
    const changed = await run({ action: 'delete', ids });
    if (!changed) return;
    selection.remove(changed);
    const testId = 'undo-bulk-delete';
    toast.success(`${plural(changed.length)} deleted`, {
      duration: 10_000,
      testId,
      action: {
        label: 'Undo',
        onClick: () =>
          void run({ action: 'restore', ids: changed }).then((restored) => {
            if (!restored) return;
            selection.add(items.filter((i) => restored.includes(i.id)));
            toast.success(`${plural(restored.length)} restored`);
            // The restored trace highest on the page (a selector list matches in document
            // order); the server's order of `restored` is not the list's.
            if (restored.length) focusWhenShown(restored.map(traceLinkSelector).join(', '));
          }),
      },
    });
    focusToastAction(testId);
  }

  async function simple(body: BulkTracesRequest, done: (n: number) => string) {
    const changed = await run(body);
    if (changed) toast.success(done(changed.length));
  }

  async function selectAllMatching() {
    setLoadingAll(true);
    try {
      selection.add(await loadAllMatching());
    } catch (err) {
      toast.error(`Could not select every match: ${errorText(err, 'Something went wrong')}`);
    } finally {
      setLoadingAll(false);
    }
  }

  // Shown as the server stores it (tags are lower-cased).
  const cleanTag = tag.trim().toLowerCase();
  return (
    <div
      className={cn(
        'flex flex-wrap items-center gap-2 rounded-lg border border-line bg-surface-muted px-3 py-2 text-sm',
        // In view while the list scrolls: under the phone's header, at the top on a desktop.
        count > 0 && 'sticky top-16 z-20 shadow-md lg:top-2',
      )}
      role="toolbar"
      aria-label="Bulk actions"
    >
      <label className="inline-flex items-center gap-2 text-fg-muted">
        <input
          type="checkbox"
          className="size-4 accent-[var(--color-accent)]"
          checked={allOnPage}
          ref={(el) => {
            if (el) el.indeterminate = onPage > 0 && !allOnPage;
          }}
          onChange={() => (allOnPage ? selection.remove(page.map((t) => t.id)) : selection.add(page))}
          disabled={page.length === 0}
        />
        Select all on page
      </label>
      {count > 0 && (
        <>
          <span className="font-medium text-fg" aria-live="polite">
            {count} selected
          </span>
          {count < total && (
            <Button variant="ghost" size="sm" disabled={loadingAll} onClick={() => void selectAllMatching()}>
              {loadingAll ? 'Selecting…' : `Select all ${total} matching`}
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={selection.clear} aria-label="Clear selection">
            <X aria-hidden="true" />
          </Button>
          <Button variant="secondary" size="sm" disabled={bulk.isPending} onClick={() => void remove()}>
            <Trash2 aria-hidden="true" />
            Delete selected
          </Button>
          <Select
            aria-label="Set category of selected"
            value={CHOOSE}
            disabled={bulk.isPending}
            onValueChange={(v) =>
              v !== CHOOSE &&
              void simple(
                { action: 'set_category', ids, category: v as Category },
                (n) => `Category set to ${v} on ${plural(n)}`,
              )
            }
            options={CATEGORY_OPTIONS}
            className="w-full sm:w-44"
          />
          {projects.length > 0 && (
            <Select
              aria-label="Move selected to project"
              value={CHOOSE}
              disabled={bulk.isPending}
              onValueChange={(v) => {
                if (v === CHOOSE) return;
                const project = v === PERSONAL ? null : v;
                void simple(
                  { action: 'move_to_project', ids, project },
                  (n) => `${plural(n)} moved to ${project ?? 'personal'}`,
                );
              }}
              options={moveOptions}
              className="w-full sm:w-48"
            />
          )}
          <Input
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            placeholder="tag"
            aria-label="Tag for selected"
            className="h-8 w-full sm:w-32"
          />
          <Button
            variant="secondary"
            size="sm"
            disabled={bulk.isPending || !cleanTag}
            onClick={() =>
              void simple(
                { action: 'add_tag', ids, tag: cleanTag },
                (n) => `Tag #${cleanTag} added on ${plural(n)}`,
              )
            }
          >
            <Tag aria-hidden="true" />
            Add tag
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={bulk.isPending || !cleanTag}
            onClick={() =>
              void simple(
                { action: 'remove_tag', ids, tag: cleanTag },
                (n) => `Tag #${cleanTag} removed on ${plural(n)}`,
              )
            }
          >
            Remove tag
          </Button>
          <ExportSelection items={[...selection.items.values()]} />
        </>
      )}
    </div>
  );
}
