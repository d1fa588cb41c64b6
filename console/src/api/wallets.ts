import { DEFAULT_OFFSET, DEFAULT_PAGE_SIZE } from '@coin/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './instance';

export interface HistoriesQuery {
  start_date: string;
  end_date: string;
  limit?: number;
  offset?: number;
}

export const walletKeys = {
  all: ['wallets'] as const,
  lists: () => [...walletKeys.all, 'list'] as const,
  list: (walletNo: string, query: HistoriesQuery) => [...walletKeys.lists(), walletNo, 'histories', query] as const,
  details: () => [...walletKeys.all, 'detail'] as const,
  detail: (walletNo: string) => [...walletKeys.details(), walletNo] as const,
  requestedRefunds: (walletNo: string) => [...walletKeys.detail(walletNo), 'requestedRefunds'] as const,
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
};
