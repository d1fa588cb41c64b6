import { DEFAULT_PAGE_SIZE } from '@coin/contract';
import { bookTicketQueries } from '@/api/bookTickets';
import type { PageQueries } from '@/router/pageData';
import { type ListSearch, listSearch } from '@/router/search';

/** The uses on screen (and the per-ticket summary, from the same answer): the period's, one page. */
export const bookTicketUsesQuery = (merchantId: number, search: ListSearch) =>
  bookTicketQueries.uses(merchantId, {
    start_date: search.from,
    end_date: search.to,
    limit: DEFAULT_PAGE_SIZE,
    offset: search.page,
  });

/** The BookTicketUseHistory route's prefetch (router/pageData.ts): the list the page opens with. */
export const bookTicketPageQueries: PageQueries = (merchant, search) => [
  bookTicketUsesQuery(merchant.merchant_id, listSearch(search)),
];
