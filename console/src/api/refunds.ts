import {
  type CallQuery,
  type CallRequestBody,
  DEFAULT_OFFSET,
  DEFAULT_PAGE_SIZE,
  IDEMPOTENCY_KEY_HEADER,
} from '@coin/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from './errors';
import { api } from './instance';
import { walletKeys } from './wallets';

/** Asia/Tokyo calendar days of the application's creation, inclusive, the status, and the page. */
type RefundApplicationsQuery = CallQuery<'listRefundApplications'>;
/** Approved refunds' days (Asia/Tokyo, inclusive). */
type RefundFeesPeriod = CallQuery<'listRefundFees'>;

/** The payment to refund, the amount, and why (optional); the confirm step takes the same. */
export type RefundBody = CallRequestBody<'createRefund'> & CallRequestBody<'confirmRefund'>;

export const refundKeys = {
  all: ['refunds'] as const,
  lists: () => [...refundKeys.all, 'list'] as const,
  list: (merchantId: number, query: RefundApplicationsQuery) => [...refundKeys.lists(), merchantId, query] as const,
  fees: (merchantId: number, period: RefundFeesPeriod) => [...refundKeys.lists(), merchantId, 'fees', period] as const,
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
export const listRefundFees = (merchantId: number, period: RefundFeesPeriod, signal?: AbortSignal) =>
  api.call('listRefundFees', { params: { id: merchantId }, query: { ...period }, signal });

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
  fees: (merchantId: number, period: RefundFeesPeriod) =>
    queryOptions({
      queryKey: refundKeys.fees(merchantId, period),
      queryFn: ({ signal }) => listRefundFees(merchantId, period, signal),
    }),
};

/**
 * What a new or cancelled application changes: the lists, the amounts being refunded, Top's card, and
 * what is left to refund of the payment (the histories and the transaction detail show it).
 */
function useInvalidateRefunds() {
  const queryClient = useQueryClient();
  return (walletNo: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: refundKeys.all }),
      queryClient.invalidateQueries({ queryKey: walletKeys.detail(walletNo) }),
      queryClient.invalidateQueries({ queryKey: walletKeys.lists() }),
    ]);
}

/**
 * The confirm step's figures (nothing is created). Refused because less is left to refund than the
 * screen showed (another request came first), the shown figures are read again.
 */
export function useConfirmRefund(walletNo: string) {
  const invalidate = useInvalidateRefunds();
  return useMutation({
    mutationFn: (body: RefundBody) => confirmRefund(walletNo, body),
    onError: (error) => (isApiError(error, 422) ? invalidate(walletNo) : undefined),
  });
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
