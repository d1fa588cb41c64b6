import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import type { MerchantEntry } from '@/session';

/**
 * What the route loaders need to prefetch a signed-in page's data. The query client comes lazily:
 * React Query is not part of the login page's first load.
 */
export interface PageDataContext {
  queryClient(): Promise<QueryClient>;
  /** The selected merchant, known once the guard has loaded the session. */
  merchant(): MerchantEntry | undefined;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of different resources' queryOptions
export type PageQuery = FetchQueryOptions<any, any, any, any>;

/**
 * The queries a page shows first, built with the resources' queryOptions (console/src/api) from the
 * merchant and the route's (validated) search. The page builds its queries with the same functions, so
 * the keys match and the prefetched data is what it renders.
 */
export type PageQueries = (merchant: MerchantEntry, search: Readonly<Record<string, unknown>>) => readonly PageQuery[];

/**
 * Route name → the page's queries, each in a small chunk of its own that the router loads alongside
 * the page's chunk (pages.ts): the data request starts with the chunk request, not after the page renders.
 */
export const PAGE_DATA: Readonly<Record<string, () => Promise<PageQueries>>> = {
  Top: () => import('@/pages/top/topQueries').then((m) => m.topQueries),
  Transaction: () => import('@/pages/transaction/transactionQueries').then((m) => m.transactionPageQueries),
  UrlPayment: () => import('@/pages/url-payment/urlPaymentQueries').then((m) => m.urlPaymentPageQueries),
  InvoicePayment: () => import('@/pages/invoice/invoiceQueries').then((m) => m.invoicePageQueries),
  Coupon: () => import('@/pages/coupon/couponQueries').then((m) => m.couponPageQueries),
  BookTicketUseHistory: () => import('@/pages/book-ticket/bookTicketQueries').then((m) => m.bookTicketPageQueries),
  Subscriptions: () => import('@/pages/subscriptions/subscriptionsQueries').then((m) => m.subscriptionsPageQueries),
  AutomaticPaymentHistory: () =>
    import('@/pages/automatic-payments/automaticPaymentQueries').then((m) => m.automaticPaymentPageQueries),
  UtilityBillsQrHistories: () =>
    import('@/pages/utility-bills/utilityBillsQueries').then((m) => m.utilityBillsPageQueries),
  Refund: () => import('@/pages/refund/refundQueries').then((m) => m.refundPageQueries),
  RequestRefund: () => import('@/pages/refund/requestRefundQueries').then((m) => m.requestRefundPageQueries),
  MerchantRebate: () =>
    import('@/pages/merchant-rebate/merchantRebateQueries').then((m) => m.merchantRebatePageQueries),
  WithdrawalInfo: () => import('@/pages/withdrawal/payoutQueries').then((m) => m.payoutPageQueries),
  WithdrawalInfoMerchant: () => import('@/pages/withdrawal/payoutQueries').then((m) => m.payoutGroupPageQueries),
  MerchantUser: () => import('@/pages/merchant-user/merchantUserQueries').then((m) => m.merchantUserPageQueries),
  OperationHistory: () =>
    import('@/pages/merchant-user/operationHistoryQueries').then((m) => m.operationHistoryPageQueries),
  DownloadUtilityBillsData: () =>
    import('@/pages/utility-bills/utilityBillsQueries').then((m) => m.utilityBillsDownloadPageQueries),
  SignedInDevices: () => import('@/pages/account/signedInDevicesQueries').then((m) => m.signedInDevicesPageQueries),
};

/** Prefetches a page's data into the query client; resolves once the requests have settled, never rejects. */
export type PageDataLoader = (context: PageDataContext, search: Readonly<Record<string, unknown>>) => Promise<void>;

/** The route's data loader, or undefined when its page prefetches nothing. */
export function pageDataLoader(name: string): PageDataLoader | undefined {
  const load = PAGE_DATA[name];
  if (!load) return undefined;
  return async (context, search) => {
    const merchant = context.merchant();
    if (!merchant) return;
    try {
      const [client, queries] = await Promise.all([context.queryClient(), load()]);
      // prefetchQuery never throws: a failed request stays in the cache for the page's error state.
      await Promise.all(queries(merchant, search).map((query) => client.prefetchQuery(query)));
    } catch {
      // A chunk that did not load: the page builds the same queries and reports it itself.
    }
  };
}
