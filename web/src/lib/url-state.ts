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
  /*
   * What was set but has not reached the address yet: the router changes the address in a
   * transition, after the event, and a ticked box or a chosen option must show at once (a
   * controlled input would otherwise spring back until then).
   */
  const [pending, setPending] = useState<Partial<Record<K, string | null>>>({});
  useEffect(() => {
    sessionStorage.setItem(storageKey(pathname), search);
    setPending((p) => (Object.keys(p).length === 0 ? p : {}));
  }, [pathname, search]);

  const values = Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => {
      if (key in pending) return [key, pending[key as K]];
      const value = params.get(key);
      return [key, value === null ? fallback : value === '' ? null : value];
    }),
  ) as Record<K, string | null>;

  const update = (next: Partial<Record<K, string | null>>) => {
    setPending((p) => ({
      ...p,
      ...Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined)),
    }));
    setParams(
      (current) => {
        const params = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next) as [K, string | null | undefined][]) {
          if (value === undefined) continue;
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
