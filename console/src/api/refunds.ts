import { DEFAULT_OFFSET, DEFAULT_PAGE_SIZE, IDEMPOTENCY_KEY_HEADER } from '@coin/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './instance';
import { walletKeys } from './wallets';

export interface RefundApplicationsQuery {
  /** Asia/Tokyo calendar days of the application's creation, inclusive. */
  start_at: string;
  end_at: string;
  status?: string;
  limit?: number;
  offset?: number;
}

export interface RefundBody {
  /** The payment to refund. */
  transaction_id: number;
  amount: number;
}

export const refundKeys = {
  all: ['refunds'] as const,
  lists: () => [...refundKeys.all, 'list'] as const,
  list: (merchantId: number, query: RefundApplicationsQuery) => [...refundKeys.lists(), merchantId, query] as const,
  fees: (merchantId: number, period: { start_date: string; end_date: string }) =>
    [...refundKeys.lists(), merchantId, 'fees', period] as const,
  details: () => [...refundKeys.all, 'detail'] as const,
  refunding: (walletNo: string) => [...refundKeys.details(), 'refunding', walletNo] as const,
};

export const listRefundApplications = (merchantId: number, query: RefundApplicationsQuery, signal?: AbortSignal) =>
  api.call('listRefundApplications', {
    params: { id: merchantId },
    query: { limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_OFFSET, ...query },
    signal,
  });

/** GET /admin/wallets/{wallet_no}/refunding: amounts requested and not yet approved, per coin. */
export const getRefunding = (walletNo: string, signal?: AbortSignal) =>
  api.call('getRefunding', { params: { wallet_no: walletNo }, signal });

/** GET /history/merchants/{id}/refund_fees: fees of the refunds approved in the period. */
export const listRefundFees = (
  merchantId: number,
  period: { start_date: string; end_date: string },
  signal?: AbortSignal,
) => api.call('listRefundFees', { params: { id: merchantId }, query: { ...period }, signal });

/** POST /wallets/{wallet_no}/refunds/confirm: fee and what is left to refund, nothing is created. */
export const confirmRefund = (walletNo: string, body: RefundBody) =>
  api.call('confirmRefund', { params: { wallet_no: walletNo }, body });

/** POST /wallets/{wallet_no}/refunds; a retry with the same key answers the first result. */
export const createRefund = (walletNo: string, body: RefundBody, idempotencyKey: string) =>
  api.call('createRefund', {
    params: { wallet_no: walletNo },
    body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

export const cancelRefund = (refundApplicationId: number) =>
  api.call('cancelRefund', { params: { refund_application_id: refundApplicationId } });

export const refundQueries = {
  list: (merchantId: number, query: RefundApplicationsQuery) =>
    queryOptions({
      queryKey: refundKeys.list(merchantId, query),
      queryFn: ({ signal }) => listRefundApplications(merchantId, query, signal),
    }),
  refunding: (walletNo: string) =>
    queryOptions({ queryKey: refundKeys.refunding(walletNo), queryFn: ({ signal }) => getRefunding(walletNo, signal) }),
  fees: (merchantId: number, period: { start_date: string; end_date: string }) =>
    queryOptions({
      queryKey: refundKeys.fees(merchantId, period),
      queryFn: ({ signal }) => listRefundFees(merchantId, period, signal),
    }),
};

/** What a new or cancelled application changes: the lists, the amounts being refunded, Top's card. */
function useInvalidateRefunds() {
  const queryClient = useQueryClient();
  return (walletNo: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: refundKeys.all }),
      queryClient.invalidateQueries({ queryKey: walletKeys.detail(walletNo) }),
    ]);
}

export function useCreateRefund(walletNo: string) {
  const invalidate = useInvalidateRefunds();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RefundBody; idempotencyKey: string }) =>
      createRefund(walletNo, body, idempotencyKey),
    onSettled: () => invalidate(walletNo),
  });
}

export function useCancelRefund(walletNo: string) {
  const invalidate = useInvalidateRefunds();
  return useMutation({
    mutationFn: (refundApplicationId: number) => cancelRefund(refundApplicationId),
    onSettled: () => invalidate(walletNo),
  });
}
