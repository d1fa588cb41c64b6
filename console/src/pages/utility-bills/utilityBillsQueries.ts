import { DEFAULT_PAGE_SIZE } from '@coin/contract';
import { utilityBillQueries } from '@/api/utilityBills';
import type { PageQueries } from '@/router/pageData';
import type { ListSearch } from '@/router/search';
import { type UtilityBillsSearch, utilityBillsDownloadSearch, utilityBillsSearch } from './utilityBillsSearch';

/** The bills on screen: the period's, of the chosen status, one page (the answer carries the paid totals). */
export const utilityBillsListQuery = (merchantId: number, search: UtilityBillsSearch) =>
  utilityBillQueries.list(merchantId, {
    start_date: search.from,
    end_date: search.to,
    ...(search.status ? { status: search.status } : {}),
    limit: DEFAULT_PAGE_SIZE,
    offset: search.page,
  });

/** The download page's summary: one row is enough, the answer's paid count and amount cover the period. */
export const utilityBillsSummaryQuery = (merchantId: number, period: Pick<ListSearch, 'from' | 'to'>) =>
  utilityBillQueries.list(merchantId, { start_date: period.from, end_date: period.to, limit: 1, offset: 1 });

/** The UtilityBillsQrHistories route's prefetch (router/pageData.ts): the list the page opens with. */
export const utilityBillsPageQueries: PageQueries = (merchant, search) => [
  utilityBillsListQuery(merchant.merchant_id, utilityBillsSearch(search)),
];

/** The DownloadUtilityBillsData route's prefetch: the period's summary. */
export const utilityBillsDownloadPageQueries: PageQueries = (merchant, search) => [
  utilityBillsSummaryQuery(merchant.merchant_id, utilityBillsDownloadSearch(search)),
];
