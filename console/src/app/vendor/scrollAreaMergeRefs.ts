import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * What Mantine's ScrollArea imports from `@floating-ui/react`: one ref-merging hook (console/vite.config.ts
 * resolves that import here). Through the real module every page with a table (Table.ScrollContainer
 * renders a ScrollArea) loaded floating-ui's positioning code, 12 KB gzipped, which only popovers,
 * menus and selects use; Mantine's own hook does the same merge.
 */
export function useMergeRefs<T>(refs: ReadonlyArray<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
