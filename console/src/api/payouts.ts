import { type CallQuery, DEFAULT_OFFSET, DEFAULT_PAGE_SIZE } from '@coin/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './instance';

/**
 * Asia/Tokyo calendar days, inclusive (the payouts whose closing period ended in them), and the 1-based
 * page; the group's list takes the same.
 */
export type PayoutsQuery = CallQuery<'listPayouts'> & CallQuery<'listGroupPayouts'>;

export const payoutKeys = {
  all: ['payouts'] as const,
  lists: () => [...payoutKeys.all, 'list'] as const,
  list: (merchantId: number, query: PayoutsQuery) => [...payoutKeys.lists(), merchantId, query] as const,
  groupLists: () => [...payoutKeys.all, 'group'] as const,
  groupList: (merchantId: number, query: PayoutsQuery) => [...payoutKeys.groupLists(), merchantId, query] as const,
};

/** GET /merchants/{id}/payouts: a page of the merchant's payouts, its next closing and the closings passed over. */
export const listPayouts = (merchantId: number, query: PayoutsQuery, signal?: AbortSignal) =>
  api.call('listPayouts', {
    params: { id: merchantId },
    query: { limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_OFFSET, ...query },
    signal,
  });

/** GET /merchants/{id}/group_payouts: a group parent only (403 otherwise); every group merchant's payouts and totals. */
export const listGroupPayouts = (merchantId: number, query: PayoutsQuery, signal?: AbortSignal) =>
  api.call('listGroupPayouts', {
    params: { id: merchantId },
    query: { limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_OFFSET, ...query },
    signal,
  });

export const payoutQueries = {
  list: (merchantId: number, query: PayoutsQuery) =>
    queryOptions({
      queryKey: payoutKeys.list(merchantId, query),
      queryFn: ({ signal }) => listPayouts(merchantId, query, signal),
    }),
  groupList: (merchantId: number, query: PayoutsQuery) =>
    queryOptions({
      queryKey: payoutKeys.groupList(merchantId, query),
      queryFn: ({ signal }) => listGroupPayouts(merchantId, query, signal),
    }),
};
