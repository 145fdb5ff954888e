import { Plus } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { Trace } from '../../../../contract/traces.js';
import { Button } from '../../components/ui/Button.js';
import { PageHeader } from '../../components/ui/PageHeader.js';
import {
  type TraceListState,
  readListParams,
  type TraceView,
  writeListParams,
} from '../../lib/trace-list-params.js';
import { SEARCH_INPUT_ID } from '../../lib/search-shortcut.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { useStoredState } from '../../lib/use-stored-state.js';
import { RankedResults } from './RankedResults.js';
import { TraceFormDialog } from './TraceFormDialog.js';
import { TraceList } from './TraceList.js';
import { TracesToolbar } from './TracesToolbar.js';

/** Remembered Cards/Table choice (the URL's `view` wins when a link carries one). */
const VIEW_STORAGE_KEY = 'traces-view';
const SEARCH_DEBOUNCE_MS = 300;

/**
 * /app/traces. What is shown (search, category, page, view, order, sort) lives in the
 * URL, so a reload or a shared link shows the same list.
 */
export function TracesPage() {
  const [params, setParams] = useSearchParams();
  const state = readListParams(params);
  const [storedView, setStoredView] = useStoredState<TraceView>(VIEW_STORAGE_KEY, 'cards');
  const view = state.view ?? storedView;
  const [dialog, setDialog] = useState<{ key: number; trace: Trace | null } | null>(null);

  // Arrived through the search shortcut from another page: the search box takes the focus.
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

  // The search box writes to the URL once typing pauses; a URL changed from elsewhere (back
  // button, a link) refills the box.
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

  // ?create=true (the dashboard's "Add Memory Trace") opens the dialog, then leaves the URL.
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

  return (
    <>
      <PageHeader
        title="Memory Traces"
        description="Everything your AI assistants can remember about you."
        actions={
          <Button onClick={openCreate}>
            <Plus aria-hidden="true" />
            Add Trace
          </Button>
        }
      />
      <div className="space-y-5">
        <TracesToolbar
          searchText={searchText}
          onSearchText={setSearchText}
          category={state.category}
          onCategory={(category) => update({ category })}
          order={state.order}
          onOrder={(order) => update({ order })}
          sort={state.sort}
          onSort={(sort) => update({ sort })}
          view={view}
          onView={(v) => {
            setStoredView(v);
            update({ view: v }, true);
          }}
        />
        {state.tag && state.order !== 'best' && (
          <p className="flex items-center gap-2 text-sm text-fg-muted">
            Tagged
            <span className="rounded-md bg-accent-soft px-2 py-0.5 font-medium text-accent-soft-fg">
              #{state.tag}
            </span>
            <Button variant="ghost" size="sm" onClick={() => update({ tag: null })}>
              Clear tag filter
            </Button>
          </p>
        )}
        {state.order === 'best' ? (
          <RankedResults query={debouncedSearch} category={state.category} />
        ) : (
          <TraceList
            search={state.search}
            category={state.category}
            tag={state.tag}
            sort={state.sort}
            page={state.page}
            view={view}
            onPage={(page) => update({ page })}
            onClearFilters={() => {
              setSearchText('');
              update({ search: '', category: null, tag: null });
            }}
            onCreate={openCreate}
            onEdit={openEdit}
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
