import { AUTOMATIC_PAYMENT_RESULTS } from '@coin/contract';
import { pageOf, periodOf, pickOne, searchParser } from '@/router/search';

/** The AutomaticPaymentHistory route's search: period, page and the charge's result. */
export const automaticPaymentSearch = searchParser((raw, now) => ({
  ...periodOf(raw, now),
  page: pageOf(raw),
  result: pickOne(raw.result, AUTOMATIC_PAYMENT_RESULTS),
}));

export type AutomaticPaymentSearch = ReturnType<typeof automaticPaymentSearch>;
