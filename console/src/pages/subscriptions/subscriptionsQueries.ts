import { subscriptionQueries } from '@/api/subscriptions';
import type { PageQueries } from '@/router/pageData';
import { type SubscriptionsSearch, subscriptionsSearch } from './subscriptionsSearch';
import { subscriptionsQueryOf } from './subscriptionView';

/** The subscribers on screen (and the plans' figures, from the same answer): the period's, one page. */
export const subscriptionsListQuery = (merchantId: number, search: SubscriptionsSearch) =>
  subscriptionQueries.list(merchantId, subscriptionsQueryOf(search, search.status));

/** The Subscriptions route's prefetch (router/pageData.ts); nothing where the merchant has no subscriptions. */
export const subscriptionsPageQueries: PageQueries = (merchant, search) =>
  merchant.allow_subscription ? [subscriptionsListQuery(merchant.merchant_id, subscriptionsSearch(search))] : [];
