import type { AppRouteName } from '@coin/contract';
import { automaticPaymentSearch } from '@/pages/automatic-payments/automaticPaymentSearch';
import { couponSearch } from '@/pages/coupon/couponSearch';
import { downloadSearch } from '@/pages/download/downloadSearch';
import { invoiceSearch } from '@/pages/invoice/invoiceSearch';
import { merchantUserSearch } from '@/pages/merchant-user/merchantUserSearch';
import { operationHistorySearch } from '@/pages/merchant-user/operationHistorySearch';
import { refundSearch } from '@/pages/refund/refundSearch';
import { requestRefundSearch } from '@/pages/refund/requestRefundSearch';
import { subscriptionsSearch } from '@/pages/subscriptions/subscriptionsSearch';
import { transactionSearch } from '@/pages/transaction/transactionSearch';
import { urlPaymentSearch } from '@/pages/url-payment/urlPaymentSearch';
import { utilityBillsDownloadSearch, utilityBillsSearch } from '@/pages/utility-bills/utilityBillsSearch';
import { listSearch, type SearchParser } from './search';

/**
 * Route name (of the contract's table) → its search parser, the route's validateSearch (router.tsx):
 * the period, page and exactly the filters its page has, with their allowed values. The page reads its
 * search with the same parser (useListSearch), its prefetch (pageData.ts) too. Small files of their
 * own, in the entry chunk: a route validates its search before its page's chunk has loaded.
 */
export const ROUTE_SEARCHES = {
  Transaction: transactionSearch,
  RequestPayment: listSearch,
  UrlPayment: urlPaymentSearch,
  InvoicePayment: invoiceSearch,
  Coupon: couponSearch,
  BookTicketUseHistory: listSearch,
  Subscriptions: subscriptionsSearch,
  AutomaticPaymentHistory: automaticPaymentSearch,
  UtilityBillsQrHistories: utilityBillsSearch,
  Refund: refundSearch,
  RequestRefund: requestRefundSearch,
  Reload: listSearch,
  MerchantRebate: listSearch,
  WithdrawalInfo: listSearch,
  WithdrawalInfoMerchant: listSearch,
  MerchantUser: merchantUserSearch,
  OperationHistory: operationHistorySearch,
  DownloadFile: downloadSearch,
  DownloadUtilityBillsData: utilityBillsDownloadSearch,
} as const satisfies Partial<Record<AppRouteName, SearchParser>>;

/** The search of a list route, by route name: what its parser gives. */
export type ListSearchOf<N> = N extends keyof typeof ROUTE_SEARCHES ? ReturnType<(typeof ROUTE_SEARCHES)[N]> : never;

/** The search parser of a route by its name, if it is a list route. */
export const searchParserOf = (name: string): SearchParser | undefined =>
  (ROUTE_SEARCHES as Readonly<Record<string, SearchParser>>)[name];
