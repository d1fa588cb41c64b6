import { SUBSCRIPTION_STATUSES } from '@coin/contract';
import { pageOf, periodOf, pickOne, searchParser } from '@/router/search';

/** The Subscriptions route's search: period (the revenue months), page and the subscriber status. */
export const subscriptionsSearch = searchParser((raw, now) => ({
  ...periodOf(raw, now),
  page: pageOf(raw),
  status: pickOne(raw.status, SUBSCRIPTION_STATUSES),
}));

export type SubscriptionsSearch = ReturnType<typeof subscriptionsSearch>;
