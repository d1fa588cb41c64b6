import { URL_PAYMENT_STATUSES } from '@coin/contract';
import { pageOf, pickOne, searchParser } from '@/router/search';

/** The UrlPayment route's search: the links' page and status (no period: every link is listed). */
export const urlPaymentSearch = searchParser((raw) => ({
  page: pageOf(raw),
  status: pickOne(raw.status, URL_PAYMENT_STATUSES),
}));

export type UrlPaymentSearch = ReturnType<typeof urlPaymentSearch>;
