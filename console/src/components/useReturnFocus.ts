import { type RefObject, useCallback, useRef } from 'react';

/**
 * Focus for a dialog that a page mounts only while it is open: Mantine's own return of focus cannot
 * run when the dialog leaves the page at once, and the control that opened it may be gone by then
 * (a cancelled row's 取消 button). `remember` before opening; `restore` after closing gives the focus
 * back to that control, or to `fallback` (the page's heading, say, with tabIndex -1) when it is gone.
 */
export function useReturnFocus(fallback: RefObject<HTMLElement | null>) {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  /** `toFallback`: the opener is about to go (the action it opened removes it once the list refreshes). */
  const restore = useCallback(
    (toFallback = false) => {
      const target = toFallback ? null : opener.current;
      opener.current = null;
      // After the render that removes the dialog (and, maybe, the control).
      requestAnimationFrame(() => {
        const usable = target?.isConnected && !target.matches(':disabled') ? target : null;
        (usable ?? fallback.current)?.focus();
      });
    },
    [fallback],
  );
  return { remember, restore };
}
