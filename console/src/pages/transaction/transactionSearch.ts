import { TRANSACTION_TYPES, type TransactionType } from '@coin/contract';
import { type ListSearch, pickOne } from '@/router/search';

export const TRANSACTION_TABS = ['histories', 'cashcancel', 'comments'] as const;
export type TransactionTab = (typeof TRANSACTION_TABS)[number];

export interface TransactionSearch extends ListSearch {
  tab: TransactionTab;
  type?: TransactionType;
  /** A transaction id to find (digits only). */
  transactionId?: number;
}

/** The Transaction page's filters from its (already list-validated) search; unknown values are no filter. */
export function parseTransactionSearch(search: ListSearch & Record<string, unknown>): TransactionSearch {
  const tab = pickOne(search.tab, TRANSACTION_TABS) ?? 'histories';
  const type = pickOne(search.type, TRANSACTION_TYPES);
  const id = typeof search.id === 'string' && /^\d{1,15}$/.test(search.id) ? Number(search.id) : undefined;
  return {
    from: search.from,
    to: search.to,
    page: search.page,
    tab,
    ...(type ? { type } : {}),
    ...(id && id > 0 ? { transactionId: id } : {}),
  };
}
