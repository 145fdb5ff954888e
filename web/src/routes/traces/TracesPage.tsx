import { FolderGit2, Plus, Tags } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Trace } from '../../../../contract/traces.js';
import { Button } from '../../components/ui/Button.js';
import { PageHeader } from '../../components/ui/PageHeader.js';
import { usePageTitle } from '../../lib/page-title.js';
import { SEARCH_INPUT_ID } from '../../lib/shortcuts.js';
import {
  readListParams,
  type TraceListState,
  type TraceView,
  writeListParams,
} from '../../lib/trace-list-params.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { useStoredState } from '../../lib/use-stored-state.js';
import { FilterChips } from './FilterChips.js';
import { SearchResults } from './SearchResults.js';
import { TraceFormDialog } from './TraceFormDialog.js';
import { TraceList } from './TraceList.js';
import { TracesToolbar } from './TracesToolbar.js';
import { useSelection } from './use-selection.js';

/** Remembered Cards/Table choice (the URL's `view` wins when a link carries one). */
const VIEW_STORAGE_KEY = 'traces-view';
const SEARCH_DEBOUNCE_MS = 300;

/**
 * /app/traces. What is shown (words, filters, page, view, sort) lives in the URL, so a reload, a
 * shared link and Back from a trace show the same list. Words in the box make it one ranked list
 * (ADR 0026); an empty box is the plain list in its sort.
 */
/** Every filter of the list off, in one place, so a new filter cannot be left out of a Clear. */
const NO_FILTERS: Partial<TraceListState> = {
  category: null,
  importance: null,
  tags: [],
  project: null,
  createdBy: null,
};

export function TracesPage() {
  const [params, setParams] = useSearchParams();
  const state = readListParams(params);
  const [storedView, setStoredView] = useStoredState<TraceView>(VIEW_STORAGE_KEY, 'cards');
  const view = state.view ?? storedView;
  const [dialog, setDialog] = useState<{ key: number; trace: Trace | null } | null>(null);
  const selection = useSelection();
  usePageTitle(state.search.trim() ? `“${state.search.trim()}” · Traces` : 'Traces');

  // Arrived through `/` or the palette from another page: the search box takes the focus.
  const location = useLocation();
  const focusSearch = (location.state as { focusSearch?: boolean } | null)?.focusSearch === true;
  useEffect(() => {
    if (focusSearch) document.getElementById(SEARCH_INPUT_ID)?.focus();
  }, [focusSearch, location.key]);

  const update = useCallback(
    (patch: Partial<TraceListState>, replace = false) =>
      setParams((prev) => writeListParams(prev, patch), { replace }),
    [setParams],
  );

  // A selection is made for one set of words and filters: a new one starts afresh.
  const { clear } = selection;
  const scope = JSON.stringify([
    state.search.trim(),
    state.category,
    state.importance,
    state.tags,
    state.project,
    state.createdBy,
  ]);
  useEffect(() => clear(), [scope, clear]);

  // The search box writes to the URL once typing pauses; a URL changed from elsewhere (Back, a
  // link, the palette) refills the box.
  const [searchText, setSearchText] = useState(state.search);
  const debouncedSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debouncedSearch !== readListParams(new URLSearchParams(window.location.search)).search)
      update({ search: debouncedSearch }, true);
  }, [debouncedSearch, update]);
  useEffect(() => {
    if (state.search !== debouncedSearch) setSearchText(state.search);
    // Only a change of the URL's search should refill the box, not the box's own debounce.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.search]);

  const openCreate = useCallback(() => setDialog({ key: Date.now(), trace: null }), []);
  const openEdit = useCallback((trace: Trace) => setDialog({ key: Date.now(), trace }), []);

  // ?create=true (the dashboard's "Add Memory Trace", the `n` shortcut) opens the dialog, then leaves the URL.
  useEffect(() => {
    if (params.get('create') !== 'true') return;
    openCreate();
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('create');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams, openCreate]);

  const clearFilters = () => update(NO_FILTERS);
  const body = {
    state,
    view,
    selection,
    onPage: (page: number) => update({ page }),
    onClearFilters: clearFilters,
    onEdit: openEdit,
  };
  return (
    <>
      <PageHeader
        title="Memory Traces"
        description="Everything your AI assistants can remember about you."
        actions={
          <>
            <Button variant="secondary" asChild>
              <Link to="/app/projects">
                <FolderGit2 aria-hidden="true" />
                Projects
              </Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link to="/app/tags">
                <Tags aria-hidden="true" />
                Tags
              </Link>
            </Button>
            <Button onClick={openCreate} aria-keyshortcuts="n">
              <Plus aria-hidden="true" />
              Add Trace
            </Button>
          </>
        }
      />
      <div className="space-y-5">
        <TracesToolbar
          searchText={searchText}
          onSearchText={setSearchText}
          state={state}
          onChange={(patch) => update(patch)}
          view={view}
          onView={(v) => {
            setStoredView(v);
            update({ view: v }, true);
          }}
        />
        <FilterChips state={state} onChange={(patch) => update(patch)} onClear={clearFilters} />
        {state.search.trim() ? (
          <SearchResults {...body} />
        ) : (
          <TraceList
            {...body}
            onClearFilters={() => {
              setSearchText('');
              update({ search: '', ...NO_FILTERS });
            }}
            onCreate={openCreate}
          />
        )}
      </div>
      {dialog && (
        <TraceFormDialog
          key={dialog.key}
          open
          onOpenChange={(open) => !open && setDialog(null)}
          trace={dialog.trace}
        />
      )}
    </>
  );
}
