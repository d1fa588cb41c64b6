import { INVOICE_STATUSES } from '@coin/contract';
import { pageOf, pickOne, searchParser } from '@/router/search';

/**
 * The InvoicePayment route's search: the list's page and status (no period). The `invoice_id` that
 * opens one invoice is read by the page itself (invoiceView.ts): a malformed one shows "not found".
 */
export const invoiceSearch = searchParser((raw) => ({
  page: pageOf(raw),
  status: pickOne(raw.status, INVOICE_STATUSES),
}));

export type InvoiceSearch = ReturnType<typeof invoiceSearch>;
