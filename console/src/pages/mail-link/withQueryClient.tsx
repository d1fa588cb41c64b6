import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * The signed-out layout has no query client (the login page needs none); these pages bring their own.
 * They share nothing with the signed-in pages' cache, and a mailed link's call is never retried.
 */
const publicQueryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

export function withQueryClient<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  const WithQueryClient = (props: P) => (
    <QueryClientProvider client={publicQueryClient}>
      <Page {...props} />
    </QueryClientProvider>
  );
  WithQueryClient.displayName = `WithQueryClient(${Page.displayName ?? Page.name})`;
  return WithQueryClient;
}
