/**
 * Runs `task` once the browser is idle, within two seconds at the latest (after 200 ms where the browser
 * has no requestIdleCallback); the returned function cancels it. For work no first paint needs.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}
