import { DEFAULT_PAGE_SIZE } from '@coin/contract';
import { rebateQueries } from '@/api/rebates';
import type { PageQueries } from '@/router/pageData';
import { type ListSearch, listSearch } from '@/router/search';

/** The rebates on screen: those paid in the period, one page (the answer carries the period's total). */
export const merchantRebateListQuery = (merchantId: number, search: ListSearch) =>
  rebateQueries.list(merchantId, {
    start_date: search.from,
    end_date: search.to,
    limit: DEFAULT_PAGE_SIZE,
    offset: search.page,
  });

/** The MerchantRebate route's prefetch (router/pageData.ts): the list the page opens with. */
export const merchantRebatePageQueries: PageQueries = (merchant, search) => [
  merchantRebateListQuery(merchant.merchant_id, listSearch(search)),
];
