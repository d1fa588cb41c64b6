import { APP_ROUTES, PUBLIC_ROUTES, type Role } from '@coin/contract';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { payoutQueries } from '@/api/payouts';
import { setConfig } from '@/app/config';
import { refundListQuery } from '@/pages/refund/refundQueries';
import { transactionListQuery } from '@/pages/transaction/transactionQueries';
import { transactionSearch } from '@/pages/transaction/transactionSearch';
import { payoutsQueryOf } from '@/pages/withdrawal/payoutView';
import type { MerchantEntry } from '@/session';
import type { SpecialView } from './guard';
import type { PageDataContext } from './pageData';
import { PAGE_LOADERS } from './pages';
import { type AppRouter, createAppRouter } from './router';
import { parseSearch, stringifySearch, thisMonth } from './search';

// The route loaders' requests: every call answers an empty page, so the prefetched data is recognisable.
const apiMock = vi.hoisted(() => ({
  call: vi.fn(async (name: string) => ({ call: name, items: [], balances: [], total: 0, limit: 20, offset: 1 })),
  getUrl: vi.fn(async () => ({ items: [] })),
}));
vi.mock('@/api/instance', () => ({ api: apiMock }));

/*
 * These tests are about the routes (the guard, the searches, the loaders), not the pages: every route's
 * component is an empty stub here. A navigation waits for its route's chunk, and loading the real page's
 * module graph (Mantine, the shell, the page) took seconds the first time on a busy machine. Which route
 * maps to which page is checked below against the real PAGE_LOADERS.
 */
vi.mock('./pages', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./pages')>();
  const stub: import('./pages').PageLoader = async () => ({ default: () => null });
  return {
    ...actual,
    withMantine: () => stub,
    pageLoader: (name: string) => {
      if (!actual.PAGE_LOADERS[name]) throw new Error(`no page is mapped to route ${name}`);
      return stub;
    },
  };
});

// The router runs as in a browser (it follows redirects itself) on a memory history; it only reads window.origin.
beforeAll(() => {
  vi.stubGlobal('window', { origin: 'http://localhost', addEventListener() {}, removeEventListener() {} });
});

interface Visit {
  url: string;
  hostname?: string;
  /** undefined: not signed in and the session cannot be loaded. */
  role?: Role;
  /** Signed in already (initialized) rather than loadable from storage. */
  initialized?: boolean;
  pageData?: PageDataContext;
}

async function visit({ url, hostname = 'localhost', role, initialized = false, pageData }: Visit) {
  let loaded = initialized;
  const initialize = vi.fn(async () => {
    if (!role) throw new Error('no credentials');
    loaded = true;
  });
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [url] }),
    hostname: () => hostname,
    isServer: false,
    session: { snapshot: () => ({ initialized: loaded, role: role ?? 'Member' }), initialize },
    ...(pageData ? { pageData } : {}),
  });
  await router.load();
  const { location, matches } = router.state;
  const leaf = matches.at(-1);
  return {
    href: `${location.pathname}${location.searchStr}`,
    search: location.search as Record<string, unknown>,
    special: (matches[0]?.context as { special?: SpecialView | null } | undefined)?.special ?? null,
    routeName: leaf?.staticData.routeName,
    /** The leaf route's validated search. */
    routeSearch: leaf?.search as Record<string, unknown> | undefined,
    layout: matches[1]?.routeId,
    initialize,
    router,
  };
}

describe('router: the contract guard wired into beforeLoad', () => {
  it.each<Visit & { expected: string }>([
    { url: '/', role: 'Owner', expected: '/top' },
    { url: '/', expected: '/login?authError=true' },
    { url: '/top', expected: '/login?authError=true' },
    { url: '/top?x=1', role: 'Member', expected: '/top?x=1' },
    { url: '/refund/request', role: 'Manager', expected: '/top' },
    { url: '/urlPayment', role: 'Manager_NoPayment', expected: '/top' },
    { url: '/urlPayment', role: 'Manager', expected: '/urlPayment' },
    { url: '/merchant', role: 'Owner', expected: '/merchant' },
    { url: '/merchant', role: 'Member', expected: '/top' },
    { url: '/login', expected: '/login' },
    { url: '/login', role: 'Member', expected: '/top' },
    { url: '/login?invoice_id=42', role: 'Member', expected: '/invoicePayment?invoice_id=42' },
    { url: '/login?authError=true', role: 'Owner', expected: '/login?authError=true' },
    { url: '/forget', expected: '/forget' },
    { url: '/merchant/user', hostname: 'qr.example.jp', expected: '/merchant/?' },
    { url: '/merchant/user?a=1', hostname: 'qr.example.jp', expected: '/merchant/?a=1' },
    { url: '/coupon?c=9', hostname: 'qr.example.jp', expected: '/coupon/?c=9' },
    { url: '/merchant', hostname: 'qr.example.jp', expected: '/merchant/?' },
    { url: '/coupon', hostname: 'qr.example.jp', expected: '/coupon/?' },
    { url: '/merchant?shop=7', hostname: 'qr.example.jp', expected: '/merchant/?shop=7' },
    { url: '/top', hostname: 'qr.example.jp', expected: '/login?authError=true' },
    { url: '/ekyc/?t=1', hostname: 'app.example.jp', expected: '/intermediaryReturnApp/ekyc/?t=1' },
  ])('$url (host $hostname, role $role) → $expected', async ({ expected, ...input }) => {
    const result = await visit(input);
    expect(result.href).toBe(expected.replace(/\?$/, ''));
  });

  it('keeps query parameters as plain strings', async () => {
    const result = await visit({ url: '/login?authError=true&invoice_id=007' });
    expect(result.search).toEqual({ authError: 'true', invoice_id: '007' });
  });

  it('does not load the session on Login with authError', async () => {
    const result = await visit({ url: '/login?authError=true' });
    expect(result.initialize).not.toHaveBeenCalled();
    expect(result.special).toBeNull();
    expect(result.routeName).toBe('Login');
  });

  it('keeps the trailing slash: /merchant/ is the QR intermediary, /merchant the Owner page', async () => {
    expect((await visit({ url: '/merchant/', hostname: 'qr.example.jp' })).special).toEqual({
      page: 'Intermediary',
      action: 'merchant',
    });
    expect((await visit({ url: '/merchant/', hostname: 'localhost' })).special).toEqual({ page: 'NotFound' });
    const owner = await visit({ url: '/merchant', role: 'Owner' });
    expect(owner.special).toBeNull();
    expect(owner.routeName).toBe('Merchant');
    expect(owner.href).toBe('/merchant');
  });

  it.each([
    { url: '/start/', hostname: 'app.example.jp', page: 'Intermediary', action: 'start' },
    { url: '/return_gift/tds2/', hostname: 'qr.example.jp', page: 'Intermediary', action: 'return_gift/tds2' },
    { url: '/rally/top/', hostname: 'app.example.jp', page: 'Intermediary', action: 'rally/top' },
    {
      url: '/intermediaryReturnApp/dcp/idlink/',
      hostname: 'qr.example.jp',
      page: 'IntermediaryReturnApp',
      action: 'dcp/idlink',
    },
    { url: '/start/', hostname: 'localhost', page: 'NotFound' },
    { url: '/no/such/page', hostname: 'localhost', page: 'NotFound' },
    { url: '/top/', hostname: 'localhost', page: 'NotFound' },
  ])('$url on $hostname renders $page', async ({ url, hostname, page, action }) => {
    const result = await visit({ url, hostname });
    expect(result.special).toEqual(action ? { page, action } : { page });
    expect(result.href).toBe(url);
  });

  it('serves the trailing-slash twins of the loading page', async () => {
    for (const url of ['/account_transfer', '/account_transfer/', '/bankpay/']) {
      const result = await visit({ url });
      expect(result.special).toBeNull();
      expect(result.routeName).toBe('Loading');
      expect(result.href).toBe(url);
    }
  });

  it('shows its pending view after 300 ms of loading and holds it no longer than the load', async () => {
    const { router } = await visit({ url: '/top', role: 'Member' });
    expect(router.options.defaultPendingMs).toBe(300);
    // TanStack's default keeps a shown pending view 500 ms: a page whose data was in waited for it.
    expect(router.options.defaultPendingMinMs).toBe(0);
  });

  it('puts app routes under the signed-in layout and public routes under the signed-out one', async () => {
    expect((await visit({ url: '/transaction', role: 'Member' })).layout).toBe('/signedIn');
    expect((await visit({ url: '/mu/invitations' })).layout).toBe('/signedOut');
  });
});

describe('list routes: each validates its own search, and the URL keeps what was set', () => {
  const hrefOf = (router: AppRouter) => `${router.state.location.pathname}${router.state.location.searchStr}`;
  const leafSearch = (router: AppRouter) => router.state.matches.at(-1)?.search;

  it('reads the page its typed search from the URL, without the invalid values', async () => {
    const result = await visit({ url: '/refund?status=NOPE&page=2&x=1', role: 'Member', initialized: true });
    expect(result.routeName).toBe('Refund');
    expect(result.routeSearch).toMatchObject({ ...thisMonth(), page: 2, status: undefined });
  });

  it('writes neither defaults nor invalid values into the URL on a navigation', async () => {
    const { router } = await visit({ url: '/top', role: 'Member', initialized: true });
    await router.navigate({ href: '/refund?status=NOPE&page=1&x=kept' });
    expect(hrefOf(router)).toBe('/refund?x=kept');
    expect(leafSearch(router)).toMatchObject({ ...thisMonth(), page: 1, status: undefined });

    const set = { status: 'APPROVED', from: '2026-01-01', to: '2026-01-31', page: 2 };
    await router.navigate({ href: `/refund${stringifySearch(set)}` });
    expect(hrefOf(router)).toBe('/refund?status=APPROVED&from=2026-01-01&to=2026-01-31&page=2');
    expect(leafSearch(router)).toMatchObject(set);

    // Another route's filter is unknown here: it stays in the URL, but not in the route's search.
    await router.navigate({ href: '/coupon?status=APPROVED&tab=comments' });
    expect(hrefOf(router)).toBe('/coupon?tab=comments');
    expect(leafSearch(router)).toMatchObject({ status: undefined });
  });
});

const MERCHANT: MerchantEntry = {
  merchant_id: 7,
  name: 'Shop',
  wallet_no: 'W7',
  reloadable: false,
  allow_subscription: false,
  merchant_group: { id: null, is_parent: false },
};

/** `null`: the session has no selected merchant. */
function pageDataOf(merchant: MerchantEntry | null = MERCHANT) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const pageData: PageDataContext = { queryClient: async () => client, merchant: () => merchant ?? undefined };
  return { client, pageData };
}

describe("route loaders: a page's data is requested with its chunk", () => {
  beforeEach(() => {
    apiMock.call.mockClear();
    apiMock.getUrl.mockClear();
  });

  it('prefetches the transaction list the page renders, under the key the page reads', async () => {
    const { client, pageData } = pageDataOf();
    const url = '/transaction?from=2026-01-01&to=2026-01-31&page=2&tab=comments';
    const result = await visit({ url, role: 'Member', initialized: true, pageData });
    expect(result.routeName).toBe('Transaction');
    const search = transactionSearch(result.routeSearch ?? {});
    expect(search).toMatchObject({ tab: 'comments', page: 2 });
    const { queryKey } = transactionListQuery(MERCHANT.wallet_no, search);
    await expect.poll(() => client.getQueryData(queryKey)).toMatchObject({ call: 'listCommentHistories' });
    expect(apiMock.call).toHaveBeenCalledTimes(1);
  });

  it('normalises an invalid search before the loader uses it', async () => {
    const { client, pageData } = pageDataOf();
    const result = await visit({
      url: '/transaction?from=2026-02-30&page=-3&tab=nope',
      role: 'Member',
      initialized: true,
      pageData,
    });
    const month = thisMonth();
    const expected = {
      from: month.from,
      to: month.to,
      page: 1,
      tab: 'histories' as const,
      type: undefined,
      id: undefined,
      amount: undefined,
      min: undefined,
      max: undefined,
      timeFrom: undefined,
      timeTo: undefined,
    };
    expect(result.routeSearch).toStrictEqual(expected);
    const { queryKey } = transactionListQuery(MERCHANT.wallet_no, expected);
    await expect.poll(() => client.getQueryData(queryKey)).toMatchObject({ call: 'listWalletHistories' });
  });

  it("prefetches a list with the route's typed search: its filters, not another page's", async () => {
    const { client, pageData } = pageDataOf();
    const url = '/refund?from=2026-01-01&to=2026-01-31&page=3&status=APPROVED&tab=comments';
    await visit({ url, role: 'Member', initialized: true, pageData });
    const { queryKey } = refundListQuery(MERCHANT.merchant_id, {
      from: '2026-01-01',
      to: '2026-01-31',
      page: 3,
      status: 'APPROVED',
    });
    await expect.poll(() => client.getQueryData(queryKey)).toMatchObject({ call: 'listRefundApplications' });
    expect(apiMock.call).toHaveBeenCalledTimes(1);
  });

  it('prefetches the Top cards and the payouts list', async () => {
    setConfig({ noticeUrl: 'https://notices.example.jp/notices.json' } as Parameters<typeof setConfig>[0]);
    const top = pageDataOf();
    await visit({ url: '/top', role: 'Owner', initialized: true, pageData: top.pageData });
    await expect
      .poll(() => apiMock.call.mock.calls.map(([name]) => name).sort())
      .toEqual(
        [
          'getLatestPayment',
          'getSalesSummary',
          'getSetupProgress',
          'getSummarizedTxFees',
          'getWallet',
          'listRequestedRefunds',
        ].sort(),
      );
    await expect.poll(() => apiMock.getUrl.mock.calls.length).toBe(1);

    const payouts = pageDataOf();
    await visit({
      url: '/withdrawalInfo?from=2026-01-01&to=2026-01-31',
      role: 'Owner',
      initialized: true,
      pageData: payouts.pageData,
    });
    const { queryKey } = payoutQueries.list(
      MERCHANT.merchant_id,
      payoutsQueryOf({ from: '2026-01-01', to: '2026-01-31', page: 1 }),
    );
    await expect.poll(() => payouts.client.getQueryData(queryKey)).toMatchObject({ call: 'listPayouts' });
  });

  it('prefetches nothing without a merchant, for a group page of a merchant outside a group, or signed out', async () => {
    await visit({ url: '/transaction', role: 'Member', initialized: true, pageData: pageDataOf(null).pageData });
    await visit({ url: '/withdrawalInfoMerchant', role: 'Owner', initialized: true, pageData: pageDataOf().pageData });
    const signedOut = await visit({ url: '/transaction', pageData: pageDataOf().pageData });
    expect(signedOut.href).toBe('/login?authError=true');
    // A visit that does prefetch, last: once its request is out, the ones above would have been too.
    await visit({
      url: '/transaction?tab=comments',
      role: 'Member',
      initialized: true,
      pageData: pageDataOf().pageData,
    });
    await expect.poll(() => apiMock.call.mock.calls.length).toBe(1);
    expect(apiMock.call.mock.calls[0]?.[0]).toBe('listCommentHistories');
  });
});

describe('route → page map', () => {
  it('maps every route of the contract tables to a page', () => {
    for (const route of [...APP_ROUTES, ...PUBLIC_ROUTES]) {
      expect(PAGE_LOADERS[route.name], route.name).toBeTypeOf('function');
    }
  });
});

describe('search serialisation', () => {
  it('round-trips plain strings', () => {
    const query = { authError: 'true', invoice_id: '007', q: 'a b&c' };
    expect(parseSearch(stringifySearch(query))).toEqual(query);
    expect(stringifySearch({})).toBe('');
    expect(stringifySearch({ a: undefined })).toBe('');
  });
});
