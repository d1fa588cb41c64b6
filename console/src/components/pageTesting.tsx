/*
 * Rendering the settings pages in unit tests: the page, its providers and its strings, rendered to HTML
 * (the tests run without a DOM) with a query cache the test fills. Test code only.
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

/**
 * What the HTML says, without markup or styles: text runs separated by single spaces. A value kept whole
 * (components/Value) is part of the text around it, not a run of its own.
 */
export const textOf = (html: string): string =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<span data-value=""[^>]*>([^<]*)<\/span>/g, '$1')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The value attribute of the input with this label (Mantine links them by id). */
export function inputValueOf(html: string, label: string): string | null {
  const labelMatch = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}`).exec(html);
  if (!labelMatch) return null;
  const input = new RegExp(`<input[^>]*id="${labelMatch[1]}"[^>]*>`).exec(html)?.[0];
  return input ? (/value="([^"]*)"/.exec(input)?.[1] ?? '') : null;
}
