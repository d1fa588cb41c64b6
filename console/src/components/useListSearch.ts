import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { type ListSearch, validateListSearch } from '@/router/search';

export type SearchPatch = Record<string, string | number | undefined>;

/** Drops empty filters so the URL carries only what is set. */
export function applySearchPatch(previous: Record<string, unknown>, patch: SearchPatch): Record<string, unknown> {
  // A new filter starts at page 1 unless the patch names the page.
  const next: Record<string, unknown> = { ...previous, page: 1, ...patch };
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || value === '') delete next[key];
  }
  if (next.page === 1) delete next.page;
  return next;
}

/**
 * A list page's period, page and filters, read from the URL (validated by the route's
 * validateSearch) and written back to it, so a reload or a shared link shows the same list.
 */
export function useListSearch(): [ListSearch & Record<string, string | number>, (patch: SearchPatch) => void] {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const search = useMemo(() => validateListSearch(raw), [raw]);
  const navigate = useNavigate();
  const update = useCallback(
    (patch: SearchPatch) => {
      void navigate({
        to: '.',
        search: ((previous: Record<string, unknown>) => applySearchPatch(previous, patch)) as never,
      });
    },
    [navigate],
  );
  return [search, update];
}
