import type { CallQuery } from '@coin/contract';
import type { HistoryFilters } from '@/router/search';

/*
 * The amount and time-of-day filters of the history lists (issue 25): the transaction history and the
 * refund request's payments. The URL keeps them (router/search.ts historyFiltersOf); this turns them
 * into the call's query. Plain functions (no React, no formatting): the route loaders build their queries
 * with them.
 */

type HistorySearchQuery = Pick<
  CallQuery<'listWalletHistories'>,
  'amount' | 'amount_min' | 'amount_max' | 'time_from' | 'time_to'
>;

/** The filters as GET /wallets/{wallet_no}/histories (and the history CSV) take them; unset ones are left out. */
export function historyFilterQuery(filters: HistoryFilters): HistorySearchQuery {
  return {
    ...(filters.amount !== undefined ? { amount: filters.amount } : {}),
    ...(filters.min !== undefined ? { amount_min: filters.min } : {}),
    ...(filters.max !== undefined ? { amount_max: filters.max } : {}),
    ...(filters.timeFrom !== undefined ? { time_from: filters.timeFrom } : {}),
    ...(filters.timeTo !== undefined ? { time_to: filters.timeTo } : {}),
  };
}

/** How many conditions are set: the amount (exact or a range) counts once, the time window once. */
export function activeHistoryFilters(filters: HistoryFilters): number {
  const amount = filters.amount !== undefined || filters.min !== undefined || filters.max !== undefined;
  const time = filters.timeFrom !== undefined || filters.timeTo !== undefined;
  return Number(amount) + Number(time);
}
