import {
  type CallQuery,
  DEFAULT_OFFSET,
  DEFAULT_PAGE_SIZE,
  IDEMPOTENCY_KEY_HEADER,
  type MerchantPaymentBody,
} from '@coin/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './instance';
import { walletKeys } from './wallets';

/* Payments to other merchants (RequestPayment): payees, rate choices, fee preview, payment, sent list. */

/** Asia/Tokyo calendar days, inclusive, and the page. */
type MerchantPaymentsQuery = CallQuery<'listMerchantPayments'>;

export const merchantPaymentKeys = {
  all: ['merchantPayments'] as const,
  lists: () => [...merchantPaymentKeys.all, 'list'] as const,
  list: (merchantId: number, query: MerchantPaymentsQuery) =>
    [...merchantPaymentKeys.lists(), merchantId, query] as const,
  payees: () => [...merchantPaymentKeys.all, 'payees'] as const,
  rates: () => [...merchantPaymentKeys.all, 'rates'] as const,
};

/** GET /merchants/request_payment: every open merchant (the paying one included). */
export const listPaymentPayees = (signal?: AbortSignal) => api.call('listPaymentPayees', { signal });

/** GET /merchant/rate/selects: the rate choices, the same for every merchant. */
export const listPaymentRates = (signal?: AbortSignal) => api.call('listPaymentRates', { signal });

/** GET /merchants/{id}/fee: fee and total of a payment before anything moves. */
export const getPaymentFee = (merchantId: number, query: CallQuery<'getPaymentFee'>, signal?: AbortSignal) =>
  api.call('getPaymentFee', { params: { id: merchantId }, query: { ...query }, signal });

/** POST /merchants/{id}/payments; a retry with the same key answers the first result. */
export const createMerchantPayment = (merchantId: number, body: MerchantPaymentBody, idempotencyKey: string) =>
  api.call('createMerchantPayment', {
    params: { id: merchantId },
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

export const listMerchantPayments = (merchantId: number, query: MerchantPaymentsQuery, signal?: AbortSignal) =>
  api.call('listMerchantPayments', {
    params: { id: merchantId },
    query: { limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_OFFSET, ...query },
    signal,
  });

/** Payees and rates change rarely: kept for a few minutes. */
const REFERENCE_STALE_MS = 5 * 60_000;

export const merchantPaymentQueries = {
  payees: () =>
    queryOptions({
      queryKey: merchantPaymentKeys.payees(),
      queryFn: ({ signal }) => listPaymentPayees(signal),
      staleTime: REFERENCE_STALE_MS,
    }),
  rates: () =>
    queryOptions({
      queryKey: merchantPaymentKeys.rates(),
      queryFn: ({ signal }) => listPaymentRates(signal),
      staleTime: REFERENCE_STALE_MS,
    }),
  list: (merchantId: number, query: MerchantPaymentsQuery) =>
    queryOptions({
      queryKey: merchantPaymentKeys.list(merchantId, query),
      queryFn: ({ signal }) => listMerchantPayments(merchantId, query, signal),
    }),
};

/** A payment changes the sent list, the wallet's balances and its histories. */
export function useCreateMerchantPayment(merchantId: number, walletNo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: MerchantPaymentBody; idempotencyKey: string }) =>
      createMerchantPayment(merchantId, body, idempotencyKey),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: merchantPaymentKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: walletKeys.detail(walletNo) }),
        queryClient.invalidateQueries({ queryKey: walletKeys.lists() }),
      ]),
  });
}
