import type { CallQuery } from '@coin/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './instance';

type Period = CallQuery<'getDailySales'>;

export const merchantKeys = {
  all: ['merchants'] as const,
  lists: () => [...merchantKeys.all, 'list'] as const,
  list: (query: Record<string, unknown>) => [...merchantKeys.lists(), query] as const,
  /** The signed-in user's merchants, each with today's sales (Top's 「すべての店舗」). */
  salesToday: () => [...merchantKeys.lists(), 'salesToday'] as const,
  details: () => [...merchantKeys.all, 'detail'] as const,
  detail: (merchantId: number) => [...merchantKeys.details(), merchantId] as const,
  latestPayment: (merchantId: number) => [...merchantKeys.detail(merchantId), 'latestPayment'] as const,
  dailySales: (merchantId: number, period: Period) =>
    [...merchantKeys.detail(merchantId), 'dailySales', period] as const,
  summarizedTxFees: (merchantId: number, target: string) =>
    [...merchantKeys.detail(merchantId), 'summarizedTxFees', target] as const,
  salesSummary: (merchantId: number) => [...merchantKeys.detail(merchantId), 'salesSummary'] as const,
  setupProgress: (merchantId: number) => [...merchantKeys.detail(merchantId), 'setupProgress'] as const,
};

export const getMerchant = (merchantId: number, signal?: AbortSignal) =>
  api.call('getMerchant', { params: { id: merchantId }, signal });

export const getLatestPayment = (merchantId: number, signal?: AbortSignal) =>
  api.call('getLatestPayment', { params: { id: merchantId }, signal });

export const getDailySales = (merchantId: number, period: Period, signal?: AbortSignal) =>
  api.call('getDailySales', { params: { id: merchantId }, query: { ...period }, signal });

/** `target` is a YYYYMM month. */
export const getSummarizedTxFees = (merchantId: number, target: string, signal?: AbortSignal) =>
  api.call('getSummarizedTxFees', { params: { id: merchantId }, query: { target }, signal });

export const getSalesSummary = (merchantId: number, signal?: AbortSignal) =>
  api.call('getSalesSummary', { params: { id: merchantId }, signal });

export const getMerchantsSalesToday = (signal?: AbortSignal) => api.call('getMerchantsSalesToday', { signal });

export const getSetupProgress = (merchantId: number, signal?: AbortSignal) =>
  api.call('getSetupProgress', { params: { id: merchantId }, signal });

export const merchantQueries = {
  detail: (merchantId: number) =>
    queryOptions({
      queryKey: merchantKeys.detail(merchantId),
      queryFn: ({ signal }) => getMerchant(merchantId, signal),
    }),
  latestPayment: (merchantId: number) =>
    queryOptions({
      queryKey: merchantKeys.latestPayment(merchantId),
      queryFn: ({ signal }) => getLatestPayment(merchantId, signal),
    }),
  dailySales: (merchantId: number, period: Period) =>
    queryOptions({
      queryKey: merchantKeys.dailySales(merchantId, period),
      queryFn: ({ signal }) => getDailySales(merchantId, period, signal),
    }),
  summarizedTxFees: (merchantId: number, target: string) =>
    queryOptions({
      queryKey: merchantKeys.summarizedTxFees(merchantId, target),
      queryFn: ({ signal }) => getSummarizedTxFees(merchantId, target, signal),
    }),
  /** Today's and this month's sales so far: refetched when Top is shown again after a minute. */
  salesSummary: (merchantId: number) =>
    queryOptions({
      queryKey: merchantKeys.salesSummary(merchantId),
      queryFn: ({ signal }) => getSalesSummary(merchantId, signal),
      staleTime: 60_000,
    }),
  /** Today's sales of each of the user's merchants: refetched like the day at a glance. */
  salesToday: () =>
    queryOptions({
      queryKey: merchantKeys.salesToday(),
      queryFn: ({ signal }) => getMerchantsSalesToday(signal),
      staleTime: 60_000,
    }),
  setupProgress: (merchantId: number) =>
    queryOptions({
      queryKey: merchantKeys.setupProgress(merchantId),
      queryFn: ({ signal }) => getSetupProgress(merchantId, signal),
      // Its steps are done on other pages (a download, a save): read again whenever it is shown.
      staleTime: 0,
    }),
};
