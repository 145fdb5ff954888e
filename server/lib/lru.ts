/**
 * A least-recently-used map of at most `max` entries: a read or a write makes an entry the newest,
 * and a write past the bound drops the oldest. (A Map iterates in insertion order, so re-inserting
 * on use is all the bookkeeping there is.)
 */
export function createLru<K, V>(max: number) {
  const entries = new Map<K, V>();
  return {
    get(key: K): V | undefined {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key: K, value: V): void {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > max) entries.delete(entries.keys().next().value as K);
    },
    delete: (key: K) => entries.delete(key),
    get size() {
      return entries.size;
    },
  };
}
