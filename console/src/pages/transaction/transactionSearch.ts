import { TRANSACTION_TYPES } from '@coin/contract';
import { historyFiltersOf, idOf, pageOf, periodOf, pickOne, searchParser } from '@/router/search';

export const TRANSACTION_TABS = ['histories', 'cashcancel', 'comments'] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

/**
 * The Transaction route's search (its validateSearch, router/listSearches.ts): period, page, the tab,
 * and on the histories tab a type, a transaction id to find (digits only) and the amount and
 * time-of-day filters (amount or min/max, timeFrom/timeTo: historyFiltersOf). Unknown values are none.
 */
export const transactionSearch = searchParser((raw, now) => ({
  ...periodOf(raw, now),
  page: pageOf(raw),
  tab: pickOne(raw.tab, TRANSACTION_TABS) ?? 'histories',
  type: pickOne(raw.type, TRANSACTION_TYPES),
  id: idOf(raw.id),
  ...historyFiltersOf(raw),
}));

export type TransactionSearch = ReturnType<typeof transactionSearch>;
