import { X } from 'lucide-react';
import { Button } from '../../components/ui/Button.js';
import { PERSONAL_ONLY } from '../../../../contract/projects.js';
import { hasFilters, type TraceListState } from '../../lib/trace-list-params.js';
import { CREATED_BY_LABELS } from './TracesToolbar.js';

/** The filters in force, each removable on its own, and one button that clears them all. */
export function FilterChips({
  state,
  onChange,
  onClear,
}: {
  state: TraceListState;
  onChange(patch: Partial<TraceListState>): void;
  onClear(): void;
}) {
  if (!hasFilters(state)) return null;
  const chips = [
    ...(state.project !== null
      ? [
          {
            label: state.project === PERSONAL_ONLY ? 'personal only' : `project ${state.project}`,
            remove: () => onChange({ project: null }),
          },
        ]
      : []),
    ...(state.createdBy
      ? [
          {
            label: `created by ${CREATED_BY_LABELS[state.createdBy].toLowerCase()}`,
            remove: () => onChange({ createdBy: null }),
          },
        ]
      : []),
    ...(state.category ? [{ label: state.category, remove: () => onChange({ category: null }) }] : []),
    ...(state.importance
      ? [{ label: `${state.importance} importance`, remove: () => onChange({ importance: null }) }]
      : []),
    ...state.tags.map((tag) => ({
      label: `#${tag}`,
      remove: () => onChange({ tags: state.tags.filter((t) => t !== tag) }),
    })),
  ];
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
      <span>Filtered by</span>
      <ul className="flex flex-wrap items-center gap-2" aria-label="Filters">
        {chips.map((chip) => (
          <li
            key={chip.label}
            className="inline-flex max-w-full items-center gap-1 rounded-md bg-accent-soft py-0.5 pr-1 pl-2 font-medium text-accent-soft-fg"
          >
            <span className="truncate">{chip.label}</span>
            <button
              type="button"
              onClick={chip.remove}
              aria-label={`Remove filter ${chip.label}`}
              className="rounded p-0.5 hover:bg-accent/15"
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" size="sm" onClick={onClear}>
        Clear filters
      </Button>
    </div>
  );
}
