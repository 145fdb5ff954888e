import { ChevronDown, Tags } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTags } from '../../api/tags.js';
import { Input } from '../../components/ui/Input.js';
import { cn } from '../../lib/cn.js';

/**
 * Filter by several tags: a popover listing the person's tags with their counts, each a checkbox
 * (a trace must carry every tag ticked). A box narrows a long list; the Tags page is one click on.
 */
export function TagFilter({ value, onChange }: { value: readonly string[]; onChange(tags: string[]): void }) {
  const tags = useTags();
  const [filter, setFilter] = useState('');
  // The ticks answer at once; the URL, and the list with it, follow a moment later.
  const [picked, setPicked] = useState<readonly string[]>(value);
  const valueKey = value.join(',');
  const [syncedKey, setSyncedKey] = useState(valueKey);
  if (syncedKey !== valueKey) {
    setSyncedKey(valueKey);
    setPicked(value);
  }
  const shown = (tags.data ?? []).filter((t) => t.name.includes(filter.trim().toLowerCase()));
  const toggle = (name: string) => {
    const next = picked.includes(name) ? picked.filter((t) => t !== name) : [...picked, name];
    setPicked(next);
    onChange(next);
  };
  return (
    <Popover.Root onOpenChange={(open) => !open && setFilter('')}>
      <Popover.Trigger
        className={cn(
          'inline-flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg shadow-sm min-[420px]:w-36',
          value.length > 0 && 'border-accent',
        )}
        aria-label={value.length ? `Tags: ${value.join(', ')}` : 'Tags'}
      >
        <span className="inline-flex items-center gap-2">
          <Tags className="size-4 text-fg-muted" aria-hidden="true" />
          {value.length ? `${value.length} ${value.length === 1 ? 'tag' : 'tags'}` : 'Tags'}
        </span>
        <ChevronDown className="size-4 text-fg-muted" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-72 max-w-[calc(100vw-1.5rem)] space-y-2 rounded-lg border border-line bg-surface-raised p-2 shadow-lg"
        >
          <Input
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="Find a tag"
            aria-label="Find a tag"
            className="h-8"
          />
          <ul className="max-h-64 space-y-0.5 overflow-y-auto" aria-label="Your tags">
            {tags.isPending && <li className="px-2 py-1.5 text-sm text-fg-muted">Loading tags…</li>}
            {tags.data?.length === 0 && <li className="px-2 py-1.5 text-sm text-fg-muted">No tags yet.</li>}
            {shown.map((t) => (
              <li key={t.name}>
                <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-surface-muted">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--color-accent)]"
                    checked={picked.includes(t.name)}
                    onChange={() => toggle(t.name)}
                  />
                  <span className="min-w-0 flex-1 truncate text-fg">#{t.name}</span>
                  <span className="text-xs text-fg-subtle tabular-nums">{t.count}</span>
                </label>
              </li>
            ))}
          </ul>
          <Link to="/app/tags" className="block px-2 pt-1 text-sm font-medium text-accent hover:underline">
            Manage tags
          </Link>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
