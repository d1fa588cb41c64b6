import { DEFAULT_PAGE_SIZE } from '@coin/contract';
import { walletQueries } from '@/api/wallets';
import { historyFilterQuery } from '@/components/historyFilters';
import type { PageQueries } from '@/router/pageData';
import { type RequestRefundSearch, requestRefundSearch } from './requestRefundSearch';

/** The payments offered for a refund: payments into the wallet in the period, as filtered, one page. */
export const refundPaymentsQuery = (walletNo: string, search: RequestRefundSearch) =>
  walletQueries.histories(walletNo, {
    start_date: search.from,
    end_date: search.to,
    type: 'PAYMENT',
    limit: DEFAULT_PAGE_SIZE,
    offset: search.page,
    ...(search.id ? { transaction_id: search.id } : {}),
    ...historyFilterQuery(search),
  });

/** The RequestRefund route's prefetch (router/pageData.ts): the payments the page opens with. */
export const requestRefundPageQueries: PageQueries = (merchant, search) => [
  refundPaymentsQuery(merchant.wallet_no, requestRefundSearch(search)),
];
