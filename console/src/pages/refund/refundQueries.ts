import { DEFAULT_PAGE_SIZE } from '@coin/contract';
import { refundQueries } from '@/api/refunds';
import type { PageQueries } from '@/router/pageData';
import { type RefundSearch, refundSearch } from './refundSearch';

/** The refund applications on screen: the period's, of the chosen status, one page. */
export const refundListQuery = (merchantId: number, search: RefundSearch) =>
  refundQueries.list(merchantId, {
    start_at: search.from,
    end_at: search.to,
    ...(search.status ? { status: search.status } : {}),
    limit: DEFAULT_PAGE_SIZE,
    offset: search.page,
  });

/** The Refund route's prefetch (router/pageData.ts): the list the page opens with. */
export const refundPageQueries: PageQueries = (merchant, search) => [
  refundListQuery(merchant.merchant_id, refundSearch(search)),
];
