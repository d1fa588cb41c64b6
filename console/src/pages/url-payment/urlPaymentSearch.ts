import { URL_PAYMENT_STATUSES } from '@coin/contract';
import { pageOf, periodOf, pickOne, searchParser } from '@/router/search';

/** The UrlPayment route's search: the period the links were created in, their page and status. */
export const urlPaymentSearch = searchParser((raw, now) => ({
  ...periodOf(raw, now),
  page: pageOf(raw),
  status: pickOne(raw.status, URL_PAYMENT_STATUSES),
}));

export type UrlPaymentSearch = ReturnType<typeof urlPaymentSearch>;
