// The route loaders' prefetch (PAGE_DATA) against the pages themselves: every query a route prefetches
// is one its page reads on its first render, under the same key, for a search with every filter set.
import { hashKey } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setConfig } from '@/app/config';
import { renderHtml, TEST_MERCHANT, testQueryClient } from '@/components/pageTesting';
import type { MerchantEntry, SessionState } from '@/session';
import { createSessionStore } from '@/session/store';
import { searchParserOf } from './listSearches';
import { PAGE_DATA } from './pageData';
import { PAGE_LOADERS } from './pages';
import { parseSearch } from './search';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn(), getUrl: vi.fn() } }));

// The page reads the search the route validated, as the router hands it: the URL's query with the
// route's parsed values over it. No router in a static render: a link stands as its anchor.
const routerState = vi.hoisted(() => ({ search: {} as Record<string, unknown> }));
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@tanstack/react-router')>()),
  useSearch: () => routerState.search,
  useNavigate: () => () => Promise.resolve(),
  Link: ({ to, search: _search, ...props }: { to: string; search?: unknown } & Record<string, unknown>) => (
    <a {...props} href={to} />
  ),
}));

// A merchant for which every page shows its list: subscriptions on, the parent of a group. The session
// is read from a store of the test's (a static render reads a zustand store's initial state).
const MERCHANT: MerchantEntry = {
  ...TEST_MERCHANT,
  allow_subscription: true,
  merchant_group: { id: 3, is_parent: true },
};
const session = vi.hoisted(() => ({ state: undefined as unknown }));
vi.mock('@/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/session')>()),
  useSessionState: <T,>(select: (state: SessionState) => T): T => select(session.state as SessionState),
}));

/** Route → a URL query with the period, a page and each of the page's filters set (not their defaults). */
const QUERIES: Record<string, string> = {
  Top: '',
  Transaction: '?from=2026-01-05&to=2026-01-20&page=2&type=PAYMENT&id=42&amount=3000&timeFrom=22:00&timeTo=02:00',
  UrlPayment: '?page=2&status=STOPPED',
  InvoicePayment: '?page=2&status=OVERDUE',
  Coupon: '?from=2026-01-05&to=2026-01-20&page=2&status=ACTIVE',
  BookTicketUseHistory: '?from=2026-01-05&to=2026-01-20&page=2',
  Subscriptions: '?from=2026-01-05&to=2026-01-20&page=2&status=STOPPED',
  AutomaticPaymentHistory: '?from=2026-01-05&to=2026-01-20&page=2&result=FAILED',
  UtilityBillsQrHistories: '?from=2026-01-05&to=2026-01-20&page=2&status=CANCELED',
  Refund: '?from=2026-01-05&to=2026-01-20&page=2&status=APPROVED',
  RequestRefund: '?from=2026-01-05&to=2026-01-20&page=2&id=42&min=1000&max=5000&timeFrom=12:00&timeTo=13:30',
  MerchantRebate: '?from=2026-01-05&to=2026-01-20&page=2',
  WithdrawalInfo: '?from=2026-01-05&to=2026-01-20&page=2',
  WithdrawalInfoMerchant: '?from=2026-01-05&to=2026-01-20&page=2',
  MerchantUser: '',
  OperationHistory: '?from=2026-01-05&to=2026-01-20&page=2&user=4&kind=refund',
  DownloadUtilityBillsData: '?from=2026-01-05&to=2026-01-20&encoding=utf8',
  SignedInDevices: '',
};

beforeAll(() => {
  setConfig({ noticeUrl: 'https://notices.example.jp/notices.json' } as Parameters<typeof setConfig>[0]);
  session.state = createSessionStore({
    merchants: [MERCHANT],
    selectedMerchantId: MERCHANT.merchant_id,
    initialized: true,
  }).getState();
});

/** The search a route's page and loader see for this query. */
function routeSearch(name: string, query: string): Record<string, unknown> {
  const raw = parseSearch(query);
  const parse = searchParserOf(name);
  return parse ? { ...raw, ...parse(raw) } : raw;
}

describe('PAGE_DATA: what a route prefetches is what its page reads', () => {
  it('covers every route with a prefetch', () => {
    expect(Object.keys(QUERIES).sort()).toEqual(Object.keys(PAGE_DATA).sort());
  });

  it.each(Object.keys(QUERIES))('%s', async (name) => {
    const search = routeSearch(name, QUERIES[name] ?? '');
    const [load, loadPage] = [PAGE_DATA[name], PAGE_LOADERS[name]];
    if (!load || !loadPage) throw new Error(`${name} has no prefetch or no page`);
    const prefetched = (await load())(MERCHANT, search).map((query) => hashKey(query.queryKey));
    expect(prefetched.length, 'the route prefetches something').toBeGreaterThan(0);

    // The page's first render puts every query it reads into the cache (nothing is fetched here).
    routerState.search = search;
    const { default: Page } = await loadPage();
    const client = testQueryClient();
    renderHtml(<Page />, client);
    const read = client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryHash);
    for (const key of prefetched) expect(read, 'a prefetched key the page does not read').toContain(key);
  });
});
