import { DEFAULT_PAGE_SIZE } from '@coin/contract';
import { urlPaymentQueries } from '@/api/urlPayments';
import type { PageQueries } from '@/router/pageData';
import { type UrlPaymentSearch, urlPaymentSearch } from './urlPaymentSearch';

/** The payment links on screen: created in the period, of the chosen status, one page. */
export const urlPaymentListQuery = (merchantId: number, search: UrlPaymentSearch) =>
  urlPaymentQueries.list(merchantId, {
    start_date: search.from,
    end_date: search.to,
    ...(search.status ? { status: search.status } : {}),
    limit: DEFAULT_PAGE_SIZE,
    offset: search.page,
  });

/** The UrlPayment route's prefetch (router/pageData.ts): the list below the create form. */
export const urlPaymentPageQueries: PageQueries = (merchant, search) => [
  urlPaymentListQuery(merchant.merchant_id, urlPaymentSearch(search)),
];
