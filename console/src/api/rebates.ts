import { type CallQuery, DEFAULT_OFFSET, DEFAULT_PAGE_SIZE } from '@coin/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './instance';

/* Merchant rebates (MerchantRebate page): what the service paid the merchant, by month and campaign. */

/** Asia/Tokyo calendar days of the payment, inclusive, and the 1-based page. */
type MerchantRebatesQuery = CallQuery<'listMerchantRebates'>;

export const rebateKeys = {
  all: ['merchantRebates'] as const,
  lists: () => [...rebateKeys.all, 'list'] as const,
  list: (merchantId: number, query: MerchantRebatesQuery) => [...rebateKeys.lists(), merchantId, query] as const,
};

/** GET /merchants/{id}/rebates: the rebates paid in the period, newest first, with the period's total. */
export const listMerchantRebates = (merchantId: number, query: MerchantRebatesQuery, signal?: AbortSignal) =>
  api.call('listMerchantRebates', {
    params: { id: merchantId },
    query: { limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_OFFSET, ...query },
    signal,
  });

export const rebateQueries = {
  list: (merchantId: number, query: MerchantRebatesQuery) =>
    queryOptions({
      queryKey: rebateKeys.list(merchantId, query),
      queryFn: ({ signal }) => listMerchantRebates(merchantId, query, signal),
    }),
};
