/** How long after `beforeunload` the page still counts as leaving; a download link fires it too, and stays. */
export const LEAVING_WINDOW_MS = 3000;

/** Tracks whether the page is being left (between `beforeunload` and either unload or a short window). */
export function trackPageLeaving(target: Pick<Window, 'addEventListener'>): () => boolean {
  let leaving = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  target.addEventListener('beforeunload', () => {
    leaving = true;
    clearTimeout(timer);
    timer = setTimeout(() => {
      leaving = false;
    }, LEAVING_WINDOW_MS);
  });
  // Restored from the back/forward cache: the page is live again.
  target.addEventListener('pageshow', () => {
    leaving = false;
  });
  return () => leaving;
}
