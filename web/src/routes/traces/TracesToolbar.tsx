import { LayoutGrid, Rows3, Search, X } from 'lucide-react';
import {
  CATEGORIES,
  type Category,
  IMPORTANCES,
  type Importance,
  type TraceSort,
} from '../../../../contract/traces.js';
import { ALL_PROJECTS, PERSONAL_ONLY } from '../../../../contract/projects.js';
import type { ActorKind } from '../../../../contract/provenance.js';
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
/** Who created the traces (ADR 0033), in the words of the detail page's "Created by". */
export const CREATED_BY_LABELS: Record<ActorKind, string> = {
  web: 'The web app',
  api_key: 'API keys',
  oauth_client: 'Assistants',
  import: 'Imports',
};
const CREATED_BY_OPTIONS = [
  { value: ALL, label: 'Created by anyone' },
  ...Object.entries(CREATED_BY_LABELS).map(([value, label]) => ({ value, label })),
];
/**
 * The select's value for "Personal only": a Radix item cannot have the empty value the URL and the
 * API use, and no project's name begins with a space (names are trimmed).
 */
const PERSONAL_OPTION = ' personal';
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
 * The one search box (ADR 0026), the filters (project, category, importance, tags, who created
 * the traces), the list's sort and Cards/Table. While words are in the box the results are ranked
 * by relevance first, so the sort orders only what follows them (the other traces containing the
 * words).
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
    { value: PERSONAL_OPTION, label: 'Personal only' },
    ...names.map((n) => ({ value: n, label: n })),
  ];
  const projectValue =
    state.project === null ? ALL_PROJECTS : state.project === PERSONAL_ONLY ? PERSONAL_OPTION : state.project;
  return (
    // The box has a row of its own at every width, the filters a row below it: with a project the
    // filters alone are wider than the content area up to ~1700 px, and beside them the box was
    // squeezed to a few characters (74 px at 1280).
    <div className="flex flex-col gap-3">
      <div className="relative min-w-0">
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
        {projectOptions.length > 2 && (
          <Select
            aria-label="Project"
            value={projectValue}
            onValueChange={(v) =>
              onChange({ project: v === ALL_PROJECTS ? null : v === PERSONAL_OPTION ? PERSONAL_ONLY : v })
            }
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
          aria-label="Created by"
          value={state.createdBy ?? ALL}
          onValueChange={(v) => onChange({ createdBy: v === ALL ? null : (v as ActorKind) })}
          options={CREATED_BY_OPTIONS}
          className="w-full min-[420px]:w-52"
        />
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
