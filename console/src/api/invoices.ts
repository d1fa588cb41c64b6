import { type CallQuery, DEFAULT_OFFSET, DEFAULT_PAGE_SIZE, IDEMPOTENCY_KEY_HEADER } from '@coin/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './instance';
import { walletKeys } from './wallets';

/** The status and the 1-based page. */
type InvoicesQuery = CallQuery<'listInvoices'>;

export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (merchantId: number, query: InvoicesQuery) => [...invoiceKeys.lists(), merchantId, query] as const,
  details: () => [...invoiceKeys.all, 'detail'] as const,
  detail: (merchantId: number, invoiceId: number) => [...invoiceKeys.details(), merchantId, invoiceId] as const,
};

/** GET /merchants/{id}/invoices: invoices addressed to the merchant, unpaid first. */
export const listInvoices = (merchantId: number, query: InvoicesQuery, signal?: AbortSignal) =>
  api.call('listInvoices', {
    params: { id: merchantId },
    query: { limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_OFFSET, ...query },
    signal,
  });

/** GET /merchants/{id}/invoices/{invoice_id}: 404 for an unknown id or another merchant's invoice. */
export const getInvoice = (merchantId: number, invoiceId: number, signal?: AbortSignal) =>
  api.call('getInvoice', { params: { id: merchantId, invoice_id: invoiceId }, signal });

/** POST /merchants/{id}/invoices/{invoice_id}/payments; a retry with the same key answers the first result. */
export const payInvoice = (merchantId: number, invoiceId: number, idempotencyKey: string) =>
  api.call('payInvoice', {
    params: { id: merchantId, invoice_id: invoiceId },
    body: {},
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

export const invoiceQueries = {
  list: (merchantId: number, query: InvoicesQuery) =>
    queryOptions({
      queryKey: invoiceKeys.list(merchantId, query),
      queryFn: ({ signal }) => listInvoices(merchantId, query, signal),
    }),
  detail: (merchantId: number, invoiceId: number) =>
    queryOptions({
      queryKey: invoiceKeys.detail(merchantId, invoiceId),
      queryFn: ({ signal }) => getInvoice(merchantId, invoiceId, signal),
    }),
};

/**
 * Paying changes the invoices (its status, the lists' order) and the wallet (balance and
 * histories): all of them are refetched, whatever the caller's own callbacks do.
 */
export function usePayInvoice(merchantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invoiceId, idempotencyKey }: { invoiceId: number; idempotencyKey: string }) =>
      payInvoice(merchantId, invoiceId, idempotencyKey),
    onSuccess: (invoice) => queryClient.setQueryData(invoiceKeys.detail(merchantId, invoice.id), invoice),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      ]),
  });
}
