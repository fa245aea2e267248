import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

const storageKey = (pathname: string) => `list-filters:${pathname}`;

/**
 * A list's filters (and page) kept in the address, the query of the hash route
 * (`#/transactions?colony=A1&date=2026-11-23`): Back and reload keep them, and a save that
 * returns to the list opens it as it was (`listPath`). A key missing from the address has its
 * default; an empty one was cleared. Changes replace the address rather than add to history, so
 * Back leaves the screen instead of undoing a filter.
 */
export function useUrlState<K extends string>(
  defaults: Record<K, string | null>,
): [Record<K, string | null>, (next: Partial<Record<K, string | null>>) => void] {
  const [params, setParams] = useSearchParams();
  const { pathname, search } = useLocation();
  useEffect(() => {
    sessionStorage.setItem(storageKey(pathname), search);
  }, [pathname, search]);

  // The address changes a moment after a change is asked for (a router navigation is
  // asynchronous): until it does, what was set is shown, so a box a person ticks or a field they
  // type in never snaps back meanwhile.
  const [pending, setPending] = useState<{ search: string; values: Partial<Record<K, string | null>> }>();
  const unsaved: Partial<Record<K, string | null>> = pending?.search === search ? pending.values : {};

  const values = Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => {
      if (key in unsaved) return [key, unsaved[key as K]];
      const value = params.get(key);
      return [key, value === null ? fallback : value === '' ? null : value];
    }),
  ) as Record<K, string | null>;

  const update = (next: Partial<Record<K, string | null>>) => {
    const changes = { ...unsaved };
    for (const [key, value] of Object.entries(next) as [K, string | null | undefined][]) {
      if (value !== undefined) changes[key] = value;
    }
    setPending({ search, values: changes });
    setParams(
      (current) => {
        const params = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes) as [K, string | null][]) {
          if (value === defaults[key]) params.delete(key);
          else params.set(key, value ?? '');
        }
        return params;
      },
      { replace: true },
    );
  };
  return [values, update];
}

/** A list's address with the filters it last had in this browser tab. */
export function listPath(pathname: string): string {
  if (pathname.includes('?')) return pathname;
  return `${pathname}${sessionStorage.getItem(storageKey(pathname)) ?? ''}`;
}
