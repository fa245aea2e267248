import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

const storageKey = (pathname: string) => `list-filters:${pathname}`;
const normal = (search: string) => new URLSearchParams(search).toString();

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
  const [, setParams] = useSearchParams();
  const { pathname, search } = useLocation();
  // The router shows a change in the address a moment later (in a transition), and an input must
  // show at once what was typed, or React puts the old value back and keys are lost. So the screen
  // reads its own copy, which follows the address when something else changes it (Back, a link).
  const [shown, setShown] = useState(() => normal(search));
  const sent = useRef<string[]>([]);
  const latest = useRef(shown);
  useEffect(() => {
    sessionStorage.setItem(storageKey(pathname), search);
    const arrived = sent.current.indexOf(normal(search));
    if (arrived >= 0) sent.current.splice(0, arrived + 1);
    else {
      sent.current = [];
      latest.current = normal(search);
      setShown(latest.current);
    }
  }, [pathname, search]);

  const params = new URLSearchParams(shown);
  const values = Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => {
      const value = params.get(key);
      return [key, value === null ? fallback : value === '' ? null : value];
    }),
  ) as Record<K, string | null>;

  const update = (next: Partial<Record<K, string | null>>) => {
    const params = new URLSearchParams(latest.current);
    for (const [key, value] of Object.entries(next) as [K, string | null | undefined][]) {
      if (value === undefined) continue;
      if (value === defaults[key]) params.delete(key);
      else params.set(key, value ?? '');
    }
    latest.current = params.toString();
    sent.current.push(latest.current);
    setShown(latest.current);
    setParams(params, { replace: true });
  };
  return [values, update];
}

/** A list's address with the filters it last had in this browser tab. */
export function listPath(pathname: string): string {
  if (pathname.includes('?')) return pathname;
  return `${pathname}${sessionStorage.getItem(storageKey(pathname)) ?? ''}`;
}

/**
 * A paged list's filters and page in the address (`useUrlState`): any change of a filter starts
 * again at page 1 (and calls `onChange`: ticked rows are kept across pages, not across filters),
 * and `paging` gives the table's page buttons.
 */
export function useListFilters<K extends string>(defaults: Record<K, string | null>, onChange?: () => void) {
  type Filters = Partial<Record<K | 'page', string | null>>;
  const [filters, setFilters] = useUrlState<K | 'page'>({ ...defaults, page: '1' });
  const page = Number(filters.page) || 1;
  const setPage = (next: number) => setFilters({ page: String(next) } as Filters);
  return {
    filters,
    page,
    /** Changes filters and keeps the page (a search of the loaded page). */
    setFilters,
    change: (next: Partial<Record<K, string | null>>) => {
      setFilters({ ...next, page: '1' } as Filters);
      onChange?.();
    },
    setPage,
    paging: (totalPages: number | undefined) => ({ page, totalPages: totalPages ?? 0, onChange: setPage }),
  };
}

/** The client-side search of a loaded list (the spec's): whether a text holds what was typed, ignoring case. */
export function matchesSearch(search: string | null): (text: string) => boolean {
  const needle = (search ?? '').trim().toLowerCase();
  return (text) => text.toLowerCase().includes(needle);
}
