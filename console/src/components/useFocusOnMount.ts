import { useEffect, useRef } from 'react';

/**
 * Focuses the element when it appears (give it tabIndex={-1}): a step that replaces the form (a
 * confirm or done step) takes keyboard and screen-reader focus with it instead of leaving it lost.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
