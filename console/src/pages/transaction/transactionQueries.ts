import { DEFAULT_PAGE_SIZE } from '@coin/contract';
import { walletQueries } from '@/api/wallets';
import { historyFilterQuery } from '@/components/historyFilters';
import type { PageQueries } from '@/router/pageData';
import { type TransactionSearch, type TransactionTab, transactionSearch } from './transactionSearch';

/** The list on screen: the current tab's query (only that one is fetched), one page of it. */
export function transactionListQuery(walletNo: string, search: TransactionSearch) {
  const paging = { start_date: search.from, end_date: search.to, limit: DEFAULT_PAGE_SIZE, offset: search.page };
  const options = {
    histories: walletQueries.histories(walletNo, {
      ...paging,
      ...(search.type ? { type: search.type } : {}),
      ...(search.id ? { transaction_id: search.id } : {}),
      ...historyFilterQuery(search),
    }),
    cashcancel: walletQueries.cashCancels(walletNo, paging),
    comments: walletQueries.comments(walletNo, paging),
  } satisfies Record<TransactionTab, unknown>;
  return options[search.tab] as typeof options.histories;
}

/** The Transaction route's prefetch (router/pageData.ts): the list the page opens with. */
export const transactionPageQueries: PageQueries = (merchant, search) => [
  transactionListQuery(merchant.wallet_no, transactionSearch(search)),
];
