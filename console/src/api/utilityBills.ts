import { type CallQuery, DEFAULT_OFFSET, DEFAULT_PAGE_SIZE } from '@coin/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './instance';

/* Utility bills paid by QR at the merchant (UtilityBillsQrHistories, DownloadUtilityBillsData). */

/** Asia/Tokyo calendar days of the payment, inclusive, the status, and the 1-based page. */
type UtilityBillsQuery = CallQuery<'listUtilityBills'>;

export const utilityBillKeys = {
  all: ['utilityBills'] as const,
  lists: () => [...utilityBillKeys.all, 'list'] as const,
  list: (merchantId: number, query: UtilityBillsQuery) => [...utilityBillKeys.lists(), merchantId, query] as const,
};

/** GET /merchants/{id}/utility_bills: the bills paid in the period, newest first, with the paid count and amount. */
export const listUtilityBills = (merchantId: number, query: UtilityBillsQuery, signal?: AbortSignal) =>
  api.call('listUtilityBills', {
    params: { id: merchantId },
    query: { limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_OFFSET, ...query },
    signal,
  });

export const utilityBillQueries = {
  list: (merchantId: number, query: UtilityBillsQuery) =>
    queryOptions({
      queryKey: utilityBillKeys.list(merchantId, query),
      queryFn: ({ signal }) => listUtilityBills(merchantId, query, signal),
    }),
};
