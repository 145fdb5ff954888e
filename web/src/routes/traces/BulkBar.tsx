import { Tag, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { BulkTracesRequest } from '../../../../contract/trace-bulk.js';
import { CATEGORIES, type Category } from '../../../../contract/traces.js';
import { useBulkTraces } from '../../api/trace-bulk.js';
import { Button } from '../../components/ui/Button.js';
import { Input } from '../../components/ui/Input.js';
import { Select } from '../../components/ui/Select.js';
import { errorText } from '../../lib/form-errors.js';
import { focusToastAction } from '../../lib/focus-toast-action.js';

const CHOOSE = 'choose';
const CATEGORY_OPTIONS = [
  { value: CHOOSE, label: 'Set category…' },
  ...CATEGORIES.map((c) => ({ value: c, label: c })),
];

type Props = {
  /** The traces shown on this page. */
  pageIds: readonly string[];
  selected: ReadonlySet<string>;
  onSelect(ids: ReadonlySet<string>): void;
};

const plural = (n: number) => `${n} ${n === 1 ? 'trace' : 'traces'}`;

/**
 * "Select all on page" and, once something is selected, what can be done to all of it at once:
 * delete (no confirmation: the toast's Undo restores every one), set a category, add or remove a
 * tag. The selection is the page's: it is cleared after each action.
 */
export function BulkBar({ pageIds, selected, onSelect }: Props) {
  const bulk = useBulkTraces();
  const [tag, setTag] = useState('');
  const ids = pageIds.filter((id) => selected.has(id));
  const all = ids.length > 0 && ids.length === pageIds.length;

  async function run(body: BulkTracesRequest, done: (changed: string[]) => string) {
    try {
      const { changed } = await bulk.mutateAsync(body);
      onSelect(new Set());
      return { changed, text: done(changed) };
    } catch (err) {
      toast.error(`Failed to change traces: ${errorText(err, 'Something went wrong')}`);
      return null;
    }
  }

  async function remove() {
    const result = await run({ action: 'delete', ids }, (c) => `${plural(c.length)} deleted`);
    if (!result) return;
    const testId = 'undo-bulk-delete';
    toast.success(result.text, {
      duration: 10_000,
      testId,
      action: {
        label: 'Undo',
        onClick: () =>
          void run({ action: 'restore', ids: result.changed }, (c) => `${plural(c.length)} restored`).then(
            (r) => r && toast.success(r.text),
          ),
      },
    });
    focusToastAction(testId);
  }

  async function simple(body: BulkTracesRequest, verb: string) {
    const result = await run(body, (c) => `${verb} on ${plural(c.length)}`);
    if (result) toast.success(result.text);
  }

  // Shown as the server stores it (tags are lower-cased).
  const cleanTag = tag.trim().toLowerCase();
  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-surface-muted px-3 py-2 text-sm"
      role="toolbar"
      aria-label="Bulk actions"
    >
      <label className="inline-flex items-center gap-2 text-fg-muted">
        <input
          type="checkbox"
          className="size-4 accent-[var(--color-accent)]"
          checked={all}
          ref={(el) => {
            if (el) el.indeterminate = ids.length > 0 && !all;
          }}
          onChange={() => onSelect(all ? new Set() : new Set(pageIds))}
          disabled={pageIds.length === 0}
        />
        Select all on page
      </label>
      {ids.length > 0 && (
        <>
          <span className="font-medium text-fg" aria-live="polite">
            {ids.length} selected
          </span>
          <Button variant="ghost" size="sm" onClick={() => onSelect(new Set())} aria-label="Clear selection">
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
              void simple({ action: 'set_category', ids, category: v as Category }, `Category set to ${v}`)
            }
            options={CATEGORY_OPTIONS}
            className="w-full sm:w-44"
          />
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
            onClick={() => void simple({ action: 'add_tag', ids, tag: cleanTag }, `Tag #${cleanTag} added`)}
          >
            <Tag aria-hidden="true" />
            Add tag
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={bulk.isPending || !cleanTag}
            onClick={() =>
              void simple({ action: 'remove_tag', ids, tag: cleanTag }, `Tag #${cleanTag} removed`)
            }
          >
            Remove tag
          </Button>
        </>
      )}
    </div>
  );
}
