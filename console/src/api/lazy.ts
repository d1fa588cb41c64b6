import { NetworkError } from './errors';

/** A loader of an API module whose chunk that cannot be fetched counts as a network failure (§8). */
export function lazy<T>(importer: () => Promise<T>): () => Promise<T> {
  return () =>
    importer().catch((error: unknown) => {
      throw new NetworkError(error);
    });
}

// The session's calls load the API layer (HTTP client, call endpoints) on first use, so the first
// load carries none of it; the call schemas and zod follow with the first answer (client.ts).
export const loadSessionsApi = lazy(() => import('./sessions'));
export const loadMerchantsApi = lazy(() => import('./merchants'));

/** Fetches the API layer and the call schemas ahead of the first call (main.tsx: once the browser is idle). */
export function prefetchApi(): Promise<unknown> {
  return Promise.all([
    loadSessionsApi(),
    loadMerchantsApi(),
    import('./client').then(({ loadCallSchemas }) => loadCallSchemas()),
  ]);
}
