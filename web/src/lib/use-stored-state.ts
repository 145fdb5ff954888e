import { useCallback, useState } from 'react';

/**
 * State remembered in localStorage under `key` (for example `sidenav-collapsed`, the key the original app used).
 * Storage can be unavailable (private mode, quota): then it is plain state.
 */
export function useStoredState<T extends string | boolean>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = localStorage.getItem(key);
      if (raw === null) return initial;
      return (typeof initial === 'boolean' ? raw === 'true' : raw) as T;
    } catch {
      return initial;
    }
  });
  const update = useCallback(
    (next: T) => {
      setValue(next);
      try {
        localStorage.setItem(key, String(next));
      } catch {
        // not persisted; still works for this page
      }
    },
    [key],
  );
  return [value, update];
}
