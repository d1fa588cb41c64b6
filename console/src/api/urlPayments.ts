import { type CallQuery, type CreateUrlPaymentBody, DEFAULT_OFFSET, DEFAULT_PAGE_SIZE } from '@coin/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './instance';

/** The status and the 1-based page. */
type UrlPaymentsQuery = CallQuery<'listUrlPayments'>;

export const urlPaymentKeys = {
  all: ['urlPayments'] as const,
  lists: () => [...urlPaymentKeys.all, 'list'] as const,
  list: (merchantId: number, query: UrlPaymentsQuery) => [...urlPaymentKeys.lists(), merchantId, query] as const,
};

/** GET /merchants/{id}/url_payments: the merchant's payment links, newest first. */
export const listUrlPayments = (merchantId: number, query: UrlPaymentsQuery, signal?: AbortSignal) =>
  api.call('listUrlPayments', {
    params: { id: merchantId },
    query: { limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_OFFSET, ...query },
    signal,
  });

/** POST /merchants/{id}/url_payments: the new link, with the URL the server built. */
export const createUrlPayment = (merchantId: number, body: CreateUrlPaymentBody) =>
  api.call('createUrlPayment', { params: { id: merchantId }, body });

/** PATCH /merchants/{id}/url_payments/{url_payment_id} with `{status: 'STOPPED'}`: customers can no longer pay. */
export const stopUrlPayment = (merchantId: number, urlPaymentId: number) =>
  api.call('stopUrlPayment', {
    params: { id: merchantId, url_payment_id: urlPaymentId },
    body: { status: 'STOPPED' },
  });

export const urlPaymentQueries = {
  list: (merchantId: number, query: UrlPaymentsQuery) =>
    queryOptions({
      queryKey: urlPaymentKeys.list(merchantId, query),
      queryFn: ({ signal }) => listUrlPayments(merchantId, query, signal),
    }),
};

/** Every list of links is refetched after a change, whatever the caller's own callbacks do. */
function useInvalidateUrlPayments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: urlPaymentKeys.all });
}

export function useCreateUrlPayment(merchantId: number) {
  const invalidate = useInvalidateUrlPayments();
  return useMutation({
    mutationFn: (body: CreateUrlPaymentBody) => createUrlPayment(merchantId, body),
    onSettled: invalidate,
  });
}

export function useStopUrlPayment(merchantId: number) {
  const invalidate = useInvalidateUrlPayments();
  return useMutation({
    mutationFn: (urlPaymentId: number) => stopUrlPayment(merchantId, urlPaymentId),
    onSettled: invalidate,
  });
}
