import { automaticPaymentQueries } from '@/api/automaticPayments';
import type { PageQueries } from '@/router/pageData';
import { type AutomaticPaymentSearch, automaticPaymentSearch } from './automaticPaymentSearch';
import { automaticPaymentsQueryOf } from './automaticPaymentView';

/** The automatic payments on screen: those due in the period, of the chosen result, one page. */
export const automaticPaymentListQuery = (merchantId: number, search: AutomaticPaymentSearch) =>
  automaticPaymentQueries.list(merchantId, automaticPaymentsQueryOf(search, search.result));

/** The AutomaticPaymentHistory route's prefetch (router/pageData.ts): the list the page opens with. */
export const automaticPaymentPageQueries: PageQueries = (merchant, search) => [
  automaticPaymentListQuery(merchant.merchant_id, automaticPaymentSearch(search)),
];
