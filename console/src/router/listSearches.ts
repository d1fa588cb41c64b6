import { automaticPaymentSearch } from '@/pages/automatic-payments/automaticPaymentSearch';
import { couponSearch } from '@/pages/coupon/couponSearch';
import { downloadSearch } from '@/pages/download/downloadSearch';
import { invoiceSearch } from '@/pages/invoice/invoiceSearch';
import { refundSearch } from '@/pages/refund/refundSearch';
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
export const ROUTE_SEARCHES: Readonly<Record<string, SearchParser>> = {
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
  Reload: listSearch,
  MerchantRebate: listSearch,
  WithdrawalInfo: listSearch,
  WithdrawalInfoMerchant: listSearch,
  DownloadFile: downloadSearch,
  DownloadUtilityBillsData: utilityBillsDownloadSearch,
};
