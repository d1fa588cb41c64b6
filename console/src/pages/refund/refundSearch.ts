import { REFUND_APPLICATION_STATUSES } from '@coin/contract';
import { pageOf, periodOf, pickOne, searchParser } from '@/router/search';

/** The Refund route's search: period, page and the application status. */
export const refundSearch = searchParser((raw, now) => ({
  ...periodOf(raw, now),
  page: pageOf(raw),
  status: pickOne(raw.status, REFUND_APPLICATION_STATUSES),
}));

export type RefundSearch = ReturnType<typeof refundSearch>;
