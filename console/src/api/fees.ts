import { type CallQuery, DEFAULT_OFFSET, DEFAULT_PAGE_SIZE, type FeeUserType } from '@coin/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './instance';

/** Asia/Tokyo calendar days, inclusive, a transaction type, and the page. */
type TxFeesQuery = CallQuery<'listTxFees'>;

export const feeKeys = {
  all: ['fees'] as const,
  lists: () => [...feeKeys.all, 'list'] as const,
  txFees: (merchantId: number, query: TxFeesQuery) => [...feeKeys.lists(), merchantId, 'txFees', query] as const,
  details: () => [...feeKeys.all, 'detail'] as const,
  history: (merchantId: number, targetDate: string) =>
    [...feeKeys.details(), merchantId, 'history', targetDate] as const,
  rates: (merchantId: number, targetDate: string) => [...feeKeys.details(), merchantId, 'rates', targetDate] as const,
  limits: (userType: FeeUserType, targetDate: string) =>
    [...feeKeys.details(), 'limits', userType, targetDate] as const,
};

/** GET /merchants/{id}/tx_fees: the fee of each transaction in the period, with totals over all pages. */
export const listTxFees = (merchantId: number, query: TxFeesQuery, signal?: AbortSignal) =>
  api.call('listTxFees', {
    params: { id: merchantId },
    query: { limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_OFFSET, ...query },
    signal,
  });

/** GET /history/merchants/{id}: every fee-rate period of the merchant, marked where it applies on the day. */
export const getFeeHistory = (merchantId: number, targetDate: string, signal?: AbortSignal) =>
  api.call('getFeeHistory', { params: { id: merchantId }, query: { target_date: targetDate }, signal });

/** GET /history/merchants/{id}/fee_rates: the rates in effect on the day. */
export const getFeeRates = (merchantId: number, targetDate: string, signal?: AbortSignal) =>
  api.call('getFeeRates', { params: { id: merchantId }, query: { target_date: targetDate }, signal });

/** GET /history/fee_limits: the fee limit of a user type in effect on the day (null: none). */
export const getFeeLimits = (userType: FeeUserType, targetDate: string, signal?: AbortSignal) =>
  api.call('getFeeLimits', { query: { user_type: userType, target_date: targetDate }, signal });

export const feeQueries = {
  txFees: (merchantId: number, query: TxFeesQuery) =>
    queryOptions({
      queryKey: feeKeys.txFees(merchantId, query),
      queryFn: ({ signal }) => listTxFees(merchantId, query, signal),
    }),
  history: (merchantId: number, targetDate: string) =>
    queryOptions({
      queryKey: feeKeys.history(merchantId, targetDate),
      queryFn: ({ signal }) => getFeeHistory(merchantId, targetDate, signal),
    }),
  rates: (merchantId: number, targetDate: string) =>
    queryOptions({
      queryKey: feeKeys.rates(merchantId, targetDate),
      queryFn: ({ signal }) => getFeeRates(merchantId, targetDate, signal),
    }),
  limits: (userType: FeeUserType, targetDate: string) =>
    queryOptions({
      queryKey: feeKeys.limits(userType, targetDate),
      queryFn: ({ signal }) => getFeeLimits(userType, targetDate, signal),
    }),
};
