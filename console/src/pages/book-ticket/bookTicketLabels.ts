import type { BookTicketSummary, BookTicketUse } from '@coin/contract';
import { formatCoin } from '@/format';
import type { TFunction } from '@/i18n';

/** A ticket's size and price: 「11回 / 5,000」. */
export const usesAndPriceLabel = (t: TFunction, ticket: Pick<BookTicketSummary, 'uses_per_ticket' | 'price'>) =>
  t('bookTicket.summary.usesPrice', { uses: formatCoin(ticket.uses_per_ticket), price: formatCoin(ticket.price) });

/** What is left on the customer's ticket after a use: 「残り3回」, or 「使い切り」 at none. */
export const usesLeftLabel = (t: TFunction, use: Pick<BookTicketUse, 'uses_left'>) =>
  use.uses_left > 0 ? t('bookTicket.list.left', { left: formatCoin(use.uses_left) }) : t('bookTicket.list.usedUp');
