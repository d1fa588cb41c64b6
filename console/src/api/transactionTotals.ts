import type { CallQuery } from '@coin/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './instance';
import { walletKeys } from './wallets';

/** The period (Asia/Tokyo days, inclusive) whose totals to read. */
export type TransactionTotalsQuery = CallQuery<'getTransactionTotals'>;

export const transactionTotalsKey = (walletNo: string, query: TransactionTotalsQuery) =>
  [...walletKeys.lists(), walletNo, 'totals', query] as const;

/** GET /wallets/{wallet_no}/histories/totals: entries per type and coin, beside the previous period. */
export const getTransactionTotals = (walletNo: string, query: TransactionTotalsQuery, signal?: AbortSignal) =>
  api.call('getTransactionTotals', { params: { wallet_no: walletNo }, query, signal });

export const transactionTotalsQuery = (walletNo: string, query: TransactionTotalsQuery) =>
  queryOptions({
    queryKey: transactionTotalsKey(walletNo, query),
    queryFn: ({ signal }) => getTransactionTotals(walletNo, query, signal),
  });
