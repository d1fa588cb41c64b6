import { useId as useReactId } from 'react';

/**
 * What `@mantine/hooks` exports as `useId` (console/vite.config.ts resolves its module here): the given
 * id, or one derived from React's own `useId`. Mantine's version starts from React's id and replaces it
 * with a random one in a layout effect after mount, a state update that re-renders, synchronously and
 * before the first paint, every input, popover, select and AppShell part on the page a second time
 * (measured on /top: dozens of such updates in the commit that shows the page). React's id is already
 * unique within the one root the console renders, and stable.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
