import { DEFAULT_PAGE_SIZE } from '@coin/contract';
import { invoiceQueries } from '@/api/invoices';
import type { PageQueries } from '@/router/pageData';
import { type InvoiceSearch, invoiceSearch } from './invoiceSearch';

/** The invoices on screen: issued in the period, of the chosen status, one page. */
export const invoiceListQuery = (merchantId: number, search: InvoiceSearch) =>
  invoiceQueries.list(merchantId, {
    start_date: search.from,
    end_date: search.to,
    ...(search.status ? { status: search.status } : {}),
    limit: DEFAULT_PAGE_SIZE,
    offset: search.page,
  });

/** The InvoicePayment route's prefetch (router/pageData.ts): the list, when no invoice is opened (`invoice_id`). */
export const invoicePageQueries: PageQueries = (merchant, search) =>
  search.invoice_id === undefined ? [invoiceListQuery(merchant.merchant_id, invoiceSearch(search))] : [];
