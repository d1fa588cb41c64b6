import { useEffect } from 'react';
import { tabSync } from '@/session';
import { CONTEXT_MENU_WINDOW_MS, linkTarget } from '@/session/tabs';

/**
 * A link opened in a new tab (middle click, Ctrl/⌘/Shift-click, or 「新しいタブで開く」 of the context
 * menu) hands this tab's session to the tab it opens (session/tabs.ts).
 */
export function useLinkHandover(): void {
  useEffect(() => {
    const armFrom = (event: MouseEvent, windowMs?: number) => {
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const target = linkTarget(anchor.href, window.location.href);
      if (target) tabSync.arm(target, windowMs);
    };
    const onContextMenu = (event: MouseEvent) => armFrom(event, CONTEXT_MENU_WINDOW_MS);
    const onClick = (event: MouseEvent) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey) armFrom(event);
    };
    const onAuxClick = (event: MouseEvent) => {
      if (event.button === 1) armFrom(event);
    };
    // Capture: before a link's own handler, and also for links that stop the event.
    document.addEventListener('click', onClick, true);
    document.addEventListener('auxclick', onAuxClick, true);
    document.addEventListener('contextmenu', onContextMenu, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('auxclick', onAuxClick, true);
      document.removeEventListener('contextmenu', onContextMenu, true);
    };
  }, []);
}
