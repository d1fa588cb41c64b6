import { type CallQuery, DEFAULT_OFFSET, DEFAULT_PAGE_SIZE } from '@coin/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './instance';

/* Recurring charges: subscription renewals and other automatic debits (AutomaticPaymentHistory page). */

/** The period (Asia/Tokyo days, inclusive: the charges due in them), the result, and the 1-based page. */
export type AutomaticPaymentsQuery = CallQuery<'listAutomaticPayments'>;

export const automaticPaymentKeys = {
  all: ['automaticPayments'] as const,
  lists: () => [...automaticPaymentKeys.all, 'list'] as const,
  list: (merchantId: number, query: AutomaticPaymentsQuery) =>
    [...automaticPaymentKeys.lists(), merchantId, query] as const,
};

/** GET /merchants/{id}/automatic_payments: a page of the charges due in the period, newest first. */
export const listAutomaticPayments = (merchantId: number, query: AutomaticPaymentsQuery, signal?: AbortSignal) =>
  api.call('listAutomaticPayments', {
    params: { id: merchantId },
    query: { limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_OFFSET, ...query },
    signal,
  });

export const automaticPaymentQueries = {
  list: (merchantId: number, query: AutomaticPaymentsQuery) =>
    queryOptions({
      queryKey: automaticPaymentKeys.list(merchantId, query),
      queryFn: ({ signal }) => listAutomaticPayments(merchantId, query, signal),
    }),
};
