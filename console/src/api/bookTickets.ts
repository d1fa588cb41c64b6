import { type CallQuery, DEFAULT_OFFSET, DEFAULT_PAGE_SIZE } from '@coin/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './instance';

/* Uses of book tickets (回数券) at the merchant (BookTicketUseHistory page). */

/** Asia/Tokyo calendar days of the use, inclusive, and the 1-based page. */
type BookTicketUsesQuery = CallQuery<'listBookTicketUses'>;

export const bookTicketKeys = {
  all: ['bookTickets'] as const,
  uses: () => [...bookTicketKeys.all, 'uses'] as const,
  useList: (merchantId: number, query: BookTicketUsesQuery) => [...bookTicketKeys.uses(), merchantId, query] as const,
};

/** GET /merchants/{id}/book_ticket_uses: the uses in the period, newest first, with a summary by ticket. */
export const listBookTicketUses = (merchantId: number, query: BookTicketUsesQuery, signal?: AbortSignal) =>
  api.call('listBookTicketUses', {
    params: { id: merchantId },
    query: { limit: DEFAULT_PAGE_SIZE, offset: DEFAULT_OFFSET, ...query },
    signal,
  });

export const bookTicketQueries = {
  uses: (merchantId: number, query: BookTicketUsesQuery) =>
    queryOptions({
      queryKey: bookTicketKeys.useList(merchantId, query),
      queryFn: ({ signal }) => listBookTicketUses(merchantId, query, signal),
    }),
};
