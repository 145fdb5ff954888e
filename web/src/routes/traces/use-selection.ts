import { useCallback, useMemo, useState } from 'react';
import type { SearchResult } from '../../../../contract/search.js';
import type { Trace } from '../../../../contract/traces.js';

/** A selected trace as far as the page knows it: a list row, or a ranked search result. */
export type Selectable = Trace | SearchResult;

/**
 * The traces ticked for bulk work. It spans pages and survives an action (re-categorise, tag),
 * so work goes on where it left off; a delete takes what it deleted out, its Undo puts it back.
 * A new search or filter starts afresh: a selection made for other words means nothing there.
 */
export function useSelection() {
  const [items, setItems] = useState<ReadonlyMap<string, Selectable>>(new Map());
  const update = useCallback((change: (next: Map<string, Selectable>) => void) => {
    setItems((prev) => {
      const next = new Map(prev);
      change(next);
      return next;
    });
  }, []);
  // Stable, so a page can clear the selection in an effect without running it again.
  const clear = useCallback(() => setItems((prev) => (prev.size ? new Map() : prev)), []);
  return useMemo(
    () => ({
      items,
      size: items.size,
      has: (id: string) => items.has(id),
      toggle: (item: Selectable) =>
        update((next) => {
          if (!next.delete(item.id)) next.set(item.id, item);
        }),
      add: (list: readonly Selectable[]) => update((next) => list.forEach((i) => next.set(i.id, i))),
      remove: (ids: readonly string[]) => update((next) => ids.forEach((id) => next.delete(id))),
      clear,
    }),
    [items, update, clear],
  );
}

export type Selection = ReturnType<typeof useSelection>;
