import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { type ListSearch, listSearch, type RawSearch, type SearchParser } from '@/router/search';

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

/**
 * A list page's period, page and filters, read from the URL and written back to it, so a reload or a
 * shared link shows the same list. `parse` is the route's own search parser (router/listSearches.ts):
 * the route has validated the search with it already, so reading it again here only gives the page its
 * type (the parser is idempotent); without it the page reads the period and the page alone.
 */
export function useListSearch(): [ListSearch, (patch: SearchPatch) => void];
export function useListSearch<S extends RawSearch>(parse: SearchParser<S>): [S, (patch: SearchPatch) => void];
export function useListSearch(parse: SearchParser = listSearch): [RawSearch, (patch: SearchPatch) => void] {
  const raw = useSearch({ strict: false });
  const search = useMemo(() => parse(raw), [raw, parse]);
  const navigate = useNavigate();
  const update = useCallback(
    (patch: SearchPatch) => {
      void navigate({ to: '.', search: (previous) => applySearchPatch(previous, patch) });
    },
    [navigate],
  );
  return [search, update];
}
