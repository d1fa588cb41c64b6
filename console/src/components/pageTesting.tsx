/*
 * Pages in unit tests: the session and a query cache the test fills, and a page's first render (before
 * any effect or call), put into the document to be read by role and label. A page mounted to be used goes
 * through formTesting's mount. Test code only.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { onTestFinished } from 'vitest';
import { loadPageStrings } from '@/i18n';
import { createSessionStore, selectRole, selectSelectedMerchant } from '@/session/store';
import type { MerchantEntry, SessionState } from '@/session/types';

export const TEST_MERCHANT: MerchantEntry = {
  merchant_id: 7,
  name: 'めぶく商店',
  wallet_no: '1234567890',
  reloadable: false,
  allow_subscription: false,
  merchant_group: { id: null, is_parent: false },
};

const store = createSessionStore({
  merchants: [TEST_MERCHANT],
  selectedMerchantId: TEST_MERCHANT.merchant_id,
  initialized: true,
});

/** Stands in for `@/session` (`vi.mock('@/session', () => import('./pageTesting').then((m) => m.testSession))`). */
export const testSession = {
  selectRole,
  selectSelectedMerchant,
  useSessionState: <T,>(select: (state: SessionState) => T): T => select(store.getState()),
};

/** A cache whose failed queries stay failed on render (a real page would retry them once mounted). */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } } });

/** Puts a failed query into the cache, as if its call had been refused with `error`. */
export const seedError = (client: QueryClient, queryKey: QueryKey, error: unknown) =>
  client.prefetchQuery({ queryKey, queryFn: () => Promise.reject(error) });

await loadPageStrings();

/** The page's HTML as the first render shows it. */
export const renderHtml = (element: ReactElement, client: QueryClient = testQueryClient()): string =>
  renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={client}>{element}</QueryClientProvider>
    </MantineProvider>,
  );

/**
 * The page's first render (what shows before any effect has run), put into the document to be read as a
 * page is, with Testing Library's `within` (needs `// @vitest-environment happy-dom`); removed after the
 * test.
 */
export function showFirstRender(element: ReactElement, client: QueryClient = testQueryClient()): HTMLElement {
  const page = document.createElement('div');
  page.innerHTML = renderHtml(element, client);
  document.body.append(page);
  onTestFinished(() => page.remove());
  return page;
}
