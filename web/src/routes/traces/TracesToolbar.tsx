import { LayoutGrid, List, Rows3, Search, Sparkles, X } from 'lucide-react';
import { CATEGORIES, type Category, type TraceSort } from '../../../../contract/traces.js';
import { Input } from '../../components/ui/Input.js';
import { SegmentedControl } from '../../components/ui/SegmentedControl.js';
import { Select } from '../../components/ui/Select.js';
import { SEARCH_INPUT_ID } from '../../lib/search-shortcut.js';
import type { TraceOrder, TraceView } from '../../lib/trace-list-params.js';

const ALL = 'all';
const CATEGORY_OPTIONS = [
  { value: ALL, label: 'All Categories' },
  ...CATEGORIES.map((c) => ({ value: c, label: c })),
];

const SORT_OPTIONS: { value: TraceSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'most_used', label: 'Most used' },
  { value: 'importance', label: 'Importance' },
];

type Props = {
  searchText: string;
  onSearchText(text: string): void;
  category: Category | null;
  onCategory(category: Category | null): void;
  order: TraceOrder;
  onOrder(order: TraceOrder): void;
  sort: TraceSort;
  onSort(sort: TraceSort): void;
  view: TraceView;
  onView(view: TraceView): void;
};

/**
 * Search box, category filter, List/Best match, the list's sort and Cards/Table (Best match:
 * ADR 0008; it ranks by relevance, so the sort is shown only for the list).
 */
export function TracesToolbar(p: Props) {
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={p.searchText}
          onChange={(e) => p.onSearchText(e.target.value)}
          id={SEARCH_INPUT_ID}
          placeholder="Search traces..."
          aria-label="Search traces"
          aria-keyshortcuts="/ Control+K Meta+K"
          className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {/* The shortcut as a key cap rather than in the placeholder, which narrow toolbars cut off. */}
        {!p.searchText && (
          <kbd
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded border border-line bg-surface-muted px-1.5 font-mono text-xs text-fg-subtle sm:block"
          >
            /
          </kbd>
        )}
        {p.searchText && (
          <button
            type="button"
            onClick={() => p.onSearchText('')}
            className="absolute top-1/2 right-2 inline-flex size-6 -translate-y-1/2 items-center justify-center rounded text-fg-subtle hover:text-fg"
            aria-label="Clear search"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Select
          aria-label="Category"
          value={p.category ?? ALL}
          onValueChange={(v) => p.onCategory(v === ALL ? null : (v as Category))}
          options={CATEGORY_OPTIONS}
          className="w-full min-[420px]:w-44"
        />
        <SegmentedControl
          aria-label="Order"
          value={p.order}
          onValueChange={p.onOrder}
          options={[
            { value: 'newest', label: 'List', icon: <List aria-hidden="true" /> },
            { value: 'best', label: 'Best match', icon: <Sparkles aria-hidden="true" /> },
          ]}
        />
        {p.order === 'newest' && (
          <Select
            aria-label="Sort"
            value={p.sort}
            onValueChange={(v) => p.onSort(v as TraceSort)}
            options={SORT_OPTIONS}
            className="w-full min-[420px]:w-40"
          />
        )}
        {p.order === 'newest' && (
          <SegmentedControl
            aria-label="View"
            value={p.view}
            onValueChange={p.onView}
            compact
            options={[
              { value: 'cards', label: 'Cards', icon: <LayoutGrid aria-hidden="true" /> },
              { value: 'table', label: 'Table', icon: <Rows3 aria-hidden="true" /> },
            ]}
          />
        )}
      </div>
    </div>
  );
}
