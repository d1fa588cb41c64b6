import type { BookTicketSummary } from '@coin/contract';
import { Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type Column, RowsTable } from '@/components/ListTable';
import { QueryCard } from '@/components/QueryCard';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';
import { usesAndPriceLabel } from './bookTicketLabels';

const slashed = (day: string) => day.replaceAll('-', '/');

/** Uses per ticket over the whole period (the list's answer carries it beside the page of uses). */
export function TicketSummaryCard({
  from,
  to,
  query,
}: {
  /** The period (YYYY-MM-DD, Asia/Tokyo), named under the table. */
  from: string;
  to: string;
  query: Pick<
    UseQueryResult<{ summary: BookTicketSummary[] }>,
    'data' | 'error' | 'isPending' | 'isError' | 'isFetching' | 'refetch'
  >;
}) {
  const { t } = useTranslation();
  const title = t('bookTicket.summary.title');
  const columns = useMemo<Column<BookTicketSummary>[]>(
    () => [
      {
        key: 'ticket',
        header: t('bookTicket.summary.ticket'),
        mobile: 'primary',
        render: (ticket) => (
          <Text span inherit fw={500}>
            {ticket.ticket_name}
          </Text>
        ),
      },
      {
        key: 'uses_price',
        header: t('bookTicket.summary.usesAndPrice'),
        align: 'right',
        render: (ticket) => usesAndPriceLabel(t, ticket),
      },
      {
        key: 'use_count',
        header: t('bookTicket.summary.useCount'),
        align: 'right',
        mobile: 'primary',
        render: (ticket) => t('bookTicket.summary.times', { uses: formatCoin(ticket.use_count) }),
      },
      {
        key: 'customer_count',
        header: t('bookTicket.summary.customerCount'),
        align: 'right',
        render: (ticket) => t('bookTicket.summary.people', { people: formatCoin(ticket.customer_count) }),
      },
    ],
    [t],
  );
  return (
    <QueryCard
      title={title}
      query={query}
      isEmpty={(data) => data.summary.length === 0}
      emptyText={t('bookTicket.summary.empty')}
    >
      {(data) => (
        <Stack gap="xs">
          <RowsTable label={title} columns={columns} rows={data.summary} rowKey={(ticket) => ticket.ticket_id} />
          <Text size="xs" c="dimmed">
            {t('bookTicket.summary.note', { from: slashed(from), to: slashed(to) })}
          </Text>
        </Stack>
      )}
    </QueryCard>
  );
}
