import { useState } from 'react';

export interface RowSelection<K> {
  selected: ReadonlySet<K>;
  count: number;
  isSelected(key: K): boolean;
  toggle(key: K): void;
  /** The header box: ticks every row of the page, or clears them when all are ticked. */
  togglePage(keys: readonly K[]): void;
  /** The header box's state for the page shown. */
  pageState(keys: readonly K[]): 'all' | 'some' | 'none';
  clear(): void;
  /** Forgets keys that are gone (after a delete). */
  remove(keys: readonly K[]): void;
}

/**
 * The ticked rows of a list. Ticks are kept across pages, so a person can gather rows from
 * several pages before acting; the header box acts on the current page only.
 */
export function useRowSelection<K>(): RowSelection<K> {
  const [selected, setSelected] = useState<ReadonlySet<K>>(() => new Set());
  const pageState = (keys: readonly K[]) => {
    const ticked = keys.filter((k) => selected.has(k)).length;
    if (ticked === 0) return 'none';
    return ticked === keys.length ? 'all' : 'some';
  };
  return {
    selected,
    count: selected.size,
    isSelected: (key) => selected.has(key),
    toggle: (key) =>
      setSelected((s) => {
        const next = new Set(s);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    togglePage: (keys) =>
      setSelected((s) => {
        const next = new Set(s);
        const all = keys.length > 0 && keys.every((k) => s.has(k));
        for (const k of keys) {
          if (all) next.delete(k);
          else next.add(k);
        }
        return next;
      }),
    pageState,
    clear: () => setSelected(new Set()),
    remove: (keys) =>
      setSelected((s) => {
        const next = new Set(s);
        for (const k of keys) next.delete(k);
        return next;
      }),
  };
}
