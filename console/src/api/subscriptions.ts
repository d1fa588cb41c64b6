import { type CallQuery, DEFAULT_OFFSET, DEFAULT_PAGE_SIZE } from '@coin/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './instance';

/* Subscription plans and their subscribers (Subscriptions page), where the merchant's allow_subscription is on. */

/**
 * Asia/Tokyo calendar days, inclusive (the months of the plans' revenue; the subscribers are all
 * listed), the subscribers' status, and the 1-based page.
 */
export type SubscriptionsQuery = CallQuery<'listSubscriptions'>;

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  lists: () => [...subscriptionKeys.all, 'list'] as const,
  list: (merchantId: number, query: SubscriptionsQuery) => [...subscriptionKeys.lists(), merchantId, query] as const,
};

/** GET /merchants/{id}/subscriptions: the plans with their monthly revenue in the period, and a page of subscribers (403 where allow_subscription is off). */
export const listSubscriptions = (merchantId: number, query: SubscriptionsQuery, signal?: AbortSignal) =>
  api.call('listSubscriptions', {
    params: { id: merchantId },
    query: { limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_OFFSET, ...query },
    signal,
  });

export const subscriptionQueries = {
  list: (merchantId: number, query: SubscriptionsQuery) =>
    queryOptions({
      queryKey: subscriptionKeys.list(merchantId, query),
      queryFn: ({ signal }) => listSubscriptions(merchantId, query, signal),
    }),
};
