import { type CallQuery, DEFAULT_OFFSET, DEFAULT_PAGE_SIZE } from '@coin/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './instance';

/** The period, the page, and optionally one transaction type or one transaction id. */
type HistoriesQuery = CallQuery<'listWalletHistories'>;

/** The cash-cancel and commented lists take the period and paging only. */
export type PagedPeriodQuery = CallQuery<'listCashCancelHistories'> & CallQuery<'listCommentHistories'>;

export const walletKeys = {
  all: ['wallets'] as const,
  lists: () => [...walletKeys.all, 'list'] as const,
  list: (walletNo: string, query: HistoriesQuery) => [...walletKeys.lists(), walletNo, 'histories', query] as const,
  details: () => [...walletKeys.all, 'detail'] as const,
  detail: (walletNo: string) => [...walletKeys.details(), walletNo] as const,
  requestedRefunds: (walletNo: string) => [...walletKeys.detail(walletNo), 'requestedRefunds'] as const,
  // Money: histories and fees
  cashCancels: (walletNo: string, query: PagedPeriodQuery) =>
    [...walletKeys.lists(), walletNo, 'cashcancel', query] as const,
  comments: (walletNo: string, query: PagedPeriodQuery) =>
    [...walletKeys.lists(), walletNo, 'comments', query] as const,
  balanceAt: (walletNo: string, transactionId: number) =>
    [...walletKeys.detail(walletNo), 'balanceAt', transactionId] as const,
};

/** GET /wallets/{wallet_no}: balances per coin, sorted by coin id. */
export async function getWallet(walletNo: string, signal?: AbortSignal) {
  const wallet = await api.call('getWallet', { params: { wallet_no: walletNo }, signal });
  return { ...wallet, balances: [...wallet.balances].sort((a, b) => a.id - b.id) };
}

export const listWalletHistories = (walletNo: string, query: HistoriesQuery, signal?: AbortSignal) =>
  api.call('listWalletHistories', {
    params: { wallet_no: walletNo },
    query: { limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_OFFSET, ...query },
    signal,
  });

/** GET /wallets/{wallet_no}/refunds: refunds still requested. */
export const listRequestedRefunds = (walletNo: string, signal?: AbortSignal) =>
  api.call('listRequestedRefunds', { params: { wallet_no: walletNo }, signal });

// Money: histories and fees

const paged = <Q extends PagedPeriodQuery>(query: Q) => ({
  limit: DEFAULT_PAGE_SIZE,
  offset: DEFAULT_OFFSET,
  ...query,
});

/**
 * GET /wallets/{wallet_no}/balance/{transaction_id}: the transaction's entries and fees, every coin's
 * balance right after it, and what is left to refund of a payment.
 */
export const getBalanceAt = (walletNo: string, transactionId: number, signal?: AbortSignal) =>
  api.call('getBalanceAt', { params: { wallet_no: walletNo, transaction_id: transactionId }, signal });

export const listCashCancelHistories = (walletNo: string, query: PagedPeriodQuery, signal?: AbortSignal) =>
  api.call('listCashCancelHistories', { params: { wallet_no: walletNo }, query: paged(query), signal });

export const listCommentHistories = (walletNo: string, query: PagedPeriodQuery, signal?: AbortSignal) =>
  api.call('listCommentHistories', { params: { wallet_no: walletNo }, query: paged(query), signal });

export const walletQueries = {
  detail: (walletNo: string) =>
    queryOptions({ queryKey: walletKeys.detail(walletNo), queryFn: ({ signal }) => getWallet(walletNo, signal) }),
  histories: (walletNo: string, query: HistoriesQuery) =>
    queryOptions({
      queryKey: walletKeys.list(walletNo, query),
      queryFn: ({ signal }) => listWalletHistories(walletNo, query, signal),
    }),
  requestedRefunds: (walletNo: string) =>
    queryOptions({
      queryKey: walletKeys.requestedRefunds(walletNo),
      queryFn: ({ signal }) => listRequestedRefunds(walletNo, signal),
    }),
  // Money: histories and fees
  cashCancels: (walletNo: string, query: PagedPeriodQuery) =>
    queryOptions({
      queryKey: walletKeys.cashCancels(walletNo, query),
      queryFn: ({ signal }) => listCashCancelHistories(walletNo, query, signal),
    }),
  comments: (walletNo: string, query: PagedPeriodQuery) =>
    queryOptions({
      queryKey: walletKeys.comments(walletNo, query),
      queryFn: ({ signal }) => listCommentHistories(walletNo, query, signal),
    }),
  balanceAt: (walletNo: string, transactionId: number) =>
    queryOptions({
      queryKey: walletKeys.balanceAt(walletNo, transactionId),
      // Not kept for good: what is left to refund and a refund's fee change after the transaction.
      queryFn: ({ signal }) => getBalanceAt(walletNo, transactionId, signal),
    }),
};
