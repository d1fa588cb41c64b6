import { INVOICE_STATUSES } from '@coin/contract';
import { pageOf, periodOf, pickOne, searchParser } from '@/router/search';

/**
 * The InvoicePayment route's search: the period the invoices were issued in, the list's page and status.
 * The `invoice_id` that opens one invoice is read by the page itself (invoiceView.ts): a malformed one
 * shows "not found".
 */
export const invoiceSearch = searchParser((raw, now) => ({
  ...periodOf(raw, now),
  page: pageOf(raw),
  status: pickOne(raw.status, INVOICE_STATUSES),
}));

export type InvoiceSearch = ReturnType<typeof invoiceSearch>;
