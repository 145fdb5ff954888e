import { LayoutGrid, Rows3, Search, X } from 'lucide-react';
import {
  CATEGORIES,
  type Category,
  IMPORTANCES,
  type Importance,
  type TraceSort,
} from '../../../../contract/traces.js';
import { ALL_PROJECTS } from '../../../../contract/projects.js';
import { useProjects } from '../../api/projects.js';
import { Input } from '../../components/ui/Input.js';
import { SegmentedControl } from '../../components/ui/SegmentedControl.js';
import { Select } from '../../components/ui/Select.js';
import { SEARCH_INPUT_ID } from '../../lib/shortcuts.js';
import type { TraceListState, TraceView } from '../../lib/trace-list-params.js';
import { TagFilter } from './TagFilter.js';

const ALL = 'all';
const CATEGORY_OPTIONS = [
  { value: ALL, label: 'All Categories' },
  ...CATEGORIES.map((c) => ({ value: c, label: c })),
];
const IMPORTANCE_OPTIONS = [
  { value: ALL, label: 'Any importance' },
  ...IMPORTANCES.map((i) => ({ value: i, label: `${i} importance` })),
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
  state: TraceListState;
  onChange(patch: Partial<TraceListState>): void;
  view: TraceView;
  onView(view: TraceView): void;
};

/**
 * The one search box (ADR 0026), the filters (category, importance, tags), the list's sort and
 * Cards/Table. While words are in the box the results are ranked by relevance first, so the sort
 * orders only what follows them (the other traces containing the words).
 */
export function TracesToolbar({ searchText, onSearchText, state, onChange, view, onView }: Props) {
  const searching = state.search.trim() !== '';
  const projects = useProjects().data?.projects ?? [];
  // `*` can be no project's name, so it stands for "all"; a project named in the URL but not
  // listed (archived, or just renamed) stays choosable.
  const names = projects.map((p) => p.name);
  if (state.project && !names.includes(state.project)) names.push(state.project);
  const projectOptions = [
    { value: ALL_PROJECTS, label: 'All projects' },
    ...names.map((n) => ({ value: n, label: n })),
  ];
  return (
    <div className="flex flex-col gap-3 xl:flex-row xl:items-center">
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={searchText}
          onChange={(e) => onSearchText(e.target.value)}
          id={SEARCH_INPUT_ID}
          placeholder="Search traces..."
          aria-label="Search traces"
          aria-describedby="trace-search-hint"
          aria-keyshortcuts="/"
          className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        <span id="trace-search-hint" className="sr-only">
          Finds traces by meaning and by words, best match first.
        </span>
        {/* The shortcut as a key cap rather than in the placeholder, which narrow toolbars cut off. */}
        {!searchText && (
          <kbd
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded border border-line bg-surface-muted px-1.5 font-mono text-xs text-fg-subtle sm:block"
          >
            /
          </kbd>
        )}
        {searchText && (
          <button
            type="button"
            onClick={() => onSearchText('')}
            className="absolute top-1/2 right-2 inline-flex size-6 -translate-y-1/2 items-center justify-center rounded text-fg-subtle hover:text-fg"
            aria-label="Clear search"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {projectOptions.length > 1 && (
          <Select
            aria-label="Project"
            value={state.project ?? ALL_PROJECTS}
            onValueChange={(v) => onChange({ project: v === ALL_PROJECTS ? null : v })}
            options={projectOptions}
            className="w-full min-[420px]:w-44"
          />
        )}
        <Select
          aria-label="Category"
          value={state.category ?? ALL}
          onValueChange={(v) => onChange({ category: v === ALL ? null : (v as Category) })}
          options={CATEGORY_OPTIONS}
          className="w-full min-[420px]:w-40"
        />
        <Select
          aria-label="Importance"
          value={state.importance ?? ALL}
          onValueChange={(v) => onChange({ importance: v === ALL ? null : (v as Importance) })}
          options={IMPORTANCE_OPTIONS}
          className="w-full min-[420px]:w-44"
        />
        <TagFilter value={state.tags} onChange={(tags) => onChange({ tags })} />
        <Select
          aria-label={searching ? 'Sort what follows the best matches' : 'Sort'}
          value={state.sort}
          onValueChange={(v) => onChange({ sort: v as TraceSort })}
          options={SORT_OPTIONS}
          className="w-full min-[420px]:w-40"
        />
        <SegmentedControl
          aria-label="View"
          value={view}
          onValueChange={onView}
          compact
          options={[
            { value: 'cards', label: 'Cards', icon: <LayoutGrid aria-hidden="true" /> },
            { value: 'table', label: 'Table', icon: <Rows3 aria-hidden="true" /> },
          ]}
        />
      </div>
    </div>
  );
}
