import type { AutomaticPayment, AutomaticPaymentResult } from '@coin/contract';
import { DEFAULT_PAGE_SIZE } from '@coin/contract';
import type { AutomaticPaymentsQuery } from '@/api/automaticPayments';
import { transactionRowSearch } from '@/components/transactionRowSearch';
import type { ListSearch } from '@/router/search';

/** Catalogue key of a charge's result label (成功 / 失敗 / 再試行予定). */
export const automaticPaymentResultKey = (result: AutomaticPaymentResult) =>
  `automaticPayments.results.${result}` as const;

export const AUTOMATIC_PAYMENT_RESULT_COLORS: Readonly<Record<AutomaticPaymentResult, string>> = {
  SUCCEEDED: 'teal',
  FAILED: 'red',
  RETRY_SCHEDULED: 'orange',
};

/** The call's query: the charges due in the period, of one result if filtered, one page. */
export const automaticPaymentsQueryOf = (
  search: ListSearch,
  result: AutomaticPaymentResult | undefined,
): AutomaticPaymentsQuery => ({
  start_date: search.from,
  end_date: search.to,
  ...(result ? { result } : {}),
  limit: DEFAULT_PAGE_SIZE,
  offset: search.page,
});

/**
 * The transaction history's search that shows the PAYMENT which charged a successful automatic
 * payment: its id, on the Asia/Tokyo day it was processed. Null when nothing was charged.
 */
export function chargeTransactionSearch(
  payment: Pick<AutomaticPayment, 'result' | 'transaction_id' | 'processed_at'>,
): { from: string; to: string; id: string } | null {
  if (payment.result !== 'SUCCEEDED' || payment.transaction_id === null) return null;
  return transactionRowSearch(payment.transaction_id, payment.processed_at);
}
