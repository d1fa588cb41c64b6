import { historyFiltersOf, idOf, pageOf, periodOf, searchParser } from '@/router/search';
import { recentPeriod } from './paymentPeriod';

/** The payments offered for a refund by default: those of the last 30 Asia/Tokyo days, today included. */
export const REFUND_PAYMENT_DAYS = 30;

/**
 * The RequestRefund route's search (its validateSearch, router/listSearches.ts): the payments' period
 * (the last 30 days unless set), page, a transaction id to find and the amount and time-of-day filters
 * (historyFiltersOf), so a reload or a shared link shows the same payments.
 */
export const requestRefundSearch = searchParser((raw, now) => ({
  ...periodOf(raw, now, recentPeriod(REFUND_PAYMENT_DAYS, now)),
  page: pageOf(raw),
  id: idOf(raw.id),
  ...historyFiltersOf(raw),
}));

export type RequestRefundSearch = ReturnType<typeof requestRefundSearch>;
