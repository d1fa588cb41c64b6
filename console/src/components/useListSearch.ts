import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { type ListSearchParams, validateListSearch } from '@/router/search';

export type SearchPatch = Record<string, string | number | undefined>;

/** Drops empty filters (and anything not a string or a number) so the URL carries only what is set. */
export function applySearchPatch(
  previous: Readonly<Record<string, unknown>>,
  patch: SearchPatch,
): Record<string, string | number> {
  // A new filter starts at page 1 unless the patch names the page.
  const merged: Record<string, unknown> = { ...previous, page: 1, ...patch };
  const next: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(merged)) {
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') next[key] = value;
  }
  if (next.page === 1) delete next.page;
  return next;
}

const asListSearch = (search: ListSearchParams): ListSearchParams => search;

/**
 * A list page's period, page and filters, read from the URL (validated by the route's
 * validateSearch) and written back to it, so a reload or a shared link shows the same list.
 * `parse` turns the validated search into the page's own typed search (its filters picked from their
 * allowed values); without it the page gets the period, the page and its filters as strings.
 */
export function useListSearch(): [ListSearchParams, (patch: SearchPatch) => void];
export function useListSearch<S>(parse: (search: ListSearchParams) => S): [S, (patch: SearchPatch) => void];
export function useListSearch<S>(
  parse: (search: ListSearchParams) => S = asListSearch as (search: ListSearchParams) => S,
): [S, (patch: SearchPatch) => void] {
  // Not every page using it is a list route (Coupon, the request and reload histories): validated again here.
  const raw = useSearch({ strict: false });
  const search = useMemo(() => parse(validateListSearch(raw)), [raw, parse]);
  const navigate = useNavigate();
  const update = useCallback(
    (patch: SearchPatch) => {
      void navigate({ to: '.', search: (previous) => applySearchPatch(previous, patch) });
    },
    [navigate],
  );
  return [search, update];
}
