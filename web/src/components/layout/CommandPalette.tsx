import { ArrowRight, FileText, Search } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useRankedSearch } from '../../api/search.js';
import { cn } from '../../lib/cn.js';
import { matchCommands, PALETTE_COMMANDS, type PaletteAction } from '../../lib/palette-commands.js';
import { useTheme } from '../../lib/theme.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { OVERLAY_CLASS, useDialogFocus } from '../ui/dialog-focus.js';

/** The memories the palette offers as you type: a few, best first. */
const TRACE_HITS = 5;

type Entry = { id: string; group: string; label: string; run(): void; icon: 'go' | 'search' | 'trace' };

/**
 * Ctrl/⌘+K: one box to go to any page, start a trace, search the traces (and open one of the
 * best matches directly), switch the theme or see the shortcuts. An ARIA combobox: the arrow keys
 * move through the options while focus stays in the box, Enter runs the one marked.
 */
export function CommandPalette({
  open,
  onOpenChange,
  onShowShortcuts,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onShowShortcuts(): void;
}) {
  const navigate = useNavigate();
  const { setChoice } = useTheme();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const focus = useDialogFocus();
  const typed = query.trim();
  const debounced = useDebouncedValue(typed, 200);
  const hits = useRankedSearch({ query: debounced, limit: TRACE_HITS }, open && debounced.length >= 2);

  const close = () => {
    onOpenChange(false);
    setQuery('');
    setActive(0);
  };
  const run = (action: PaletteAction) => {
    close();
    if (action.kind === 'go') void navigate(action.to);
    else if (action.kind === 'theme') setChoice(action.choice);
    else onShowShortcuts();
  };

  const entries = useMemo<Entry[]>(() => {
    // What was typed names a page or a command more often than not ("api", "dark", "tags"):
    // those come first; searching the traces for it follows, with the best matches to open.
    const list: Entry[] = matchCommands(PALETTE_COMMANDS, typed).map((c) => ({
      id: c.id,
      group: c.group,
      label: c.label,
      icon: 'go' as const,
      run: () => run(c.action),
    }));
    if (typed) {
      list.push({
        id: 'search',
        group: 'Traces',
        label: `Search traces for “${typed}”`,
        icon: 'search',
        run: () => {
          close();
          void navigate(`/app/traces?search=${encodeURIComponent(typed)}`);
        },
      });
      if (debounced === typed)
        for (const r of hits.data?.results ?? [])
          list.push({
            id: `trace-${r.id}`,
            group: 'Traces',
            label: r.title || r.snippet || 'Untitled Trace',
            icon: 'trace',
            run: () => {
              close();
              void navigate(`/app/traces/${r.id}`);
            },
          });
    }
    return list;
    // close/run/navigate are stable in effect (they only read setters); the list follows the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed, debounced, hits.data]);

  const current = Math.min(active, Math.max(entries.length - 1, 0));
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = entries.length - 1;
    if (e.key === 'ArrowDown') setActive(current >= last ? 0 : current + 1);
    else if (e.key === 'ArrowUp') setActive(current <= 0 ? last : current - 1);
    else if (e.key === 'Home') setActive(0);
    else if (e.key === 'End') setActive(last);
    else if (e.key === 'Enter') entries[current]?.run();
    else return;
    e.preventDefault();
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={OVERLAY_CLASS} />
        <RadixDialog.Content
          className="fixed top-[12vh] left-1/2 z-50 flex max-h-[76vh] w-[calc(100vw-1.5rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-xl border border-line bg-surface-raised shadow-xl"
          aria-describedby={undefined}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <RadixDialog.Title className="sr-only">Command palette</RadixDialog.Title>
          <div className="flex items-center gap-3 border-b border-line px-4">
            <Search className="size-4 shrink-0 text-fg-subtle" aria-hidden="true" />
            <input
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              placeholder="Go to a page, search your traces, run a command…"
              role="combobox"
              aria-label="Command"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={entries.length ? optionId(current) : undefined}
              className="h-12 min-w-0 flex-1 bg-transparent text-sm text-fg outline-none placeholder:text-fg-subtle"
            />
            <kbd className="hidden rounded border border-line bg-surface-muted px-1.5 font-mono text-xs text-fg-subtle sm:block">
              Esc
            </kbd>
          </div>
          <div id={listId} role="listbox" aria-label="Commands" className="overflow-y-auto p-2">
            {groups(entries).map(({ group, items }) => (
              <div key={group} role="group" aria-labelledby={`${listId}-${group}`}>
                <div id={`${listId}-${group}`} className="px-3 pt-2 pb-1 text-xs font-medium text-fg-subtle">
                  {group}
                </div>
                {items.map(({ entry, index: i }) => (
                  <div
                    key={entry.id}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === current}
                    onClick={entry.run}
                    onMouseMove={() => i !== current && setActive(i)}
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-fg',
                      i === current && 'bg-accent-soft text-accent-soft-fg',
                    )}
                  >
                    {entry.icon === 'trace' ? (
                      <FileText className="size-4 shrink-0 opacity-70" aria-hidden="true" />
                    ) : entry.icon === 'search' ? (
                      <Search className="size-4 shrink-0 opacity-70" aria-hidden="true" />
                    ) : (
                      <ArrowRight className="size-4 shrink-0 opacity-70" aria-hidden="true" />
                    )}
                    <span className="min-w-0 flex-1 truncate">{entry.label}</span>
                  </div>
                ))}
              </div>
            ))}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The entries by group, in order, each with its index in the flat list (the arrow keys' order). */
function groups(entries: readonly Entry[]) {
  const out: { group: string; items: { entry: Entry; index: number }[] }[] = [];
  entries.forEach((entry, index) => {
    const last = out.at(-1);
    if (last?.group === entry.group) last.items.push({ entry, index });
    else out.push({ group: entry.group, items: [{ entry, index }] });
  });
  return out;
}
