import type { BookTicketSummary } from '@coin/contract';
import { Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { SCROLL_BY_KEYBOARD } from '@/components/ListTable';
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
  return (
    <QueryCard
      title={title}
      query={query}
      isEmpty={(data) => data.summary.length === 0}
      emptyText={t('bookTicket.summary.empty')}
    >
      {(data) => (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={560} scrollAreaProps={SCROLL_BY_KEYBOARD}>
            <Table striped aria-label={title} verticalSpacing="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bookTicket.summary.ticket')}</Table.Th>
                  <Table.Th ta="right">{t('bookTicket.summary.usesAndPrice')}</Table.Th>
                  <Table.Th ta="right">{t('bookTicket.summary.useCount')}</Table.Th>
                  <Table.Th ta="right">{t('bookTicket.summary.customerCount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.summary.map((ticket) => (
                  <Table.Tr key={ticket.ticket_id}>
                    <Table.Td fw={500}>{ticket.ticket_name}</Table.Td>
                    <Table.Td ta="right">{usesAndPriceLabel(t, ticket)}</Table.Td>
                    <Table.Td ta="right">
                      {t('bookTicket.summary.times', { uses: formatCoin(ticket.use_count) })}
                    </Table.Td>
                    <Table.Td ta="right">
                      {t('bookTicket.summary.people', { people: formatCoin(ticket.customer_count) })}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed">
            {t('bookTicket.summary.note', { from: slashed(from), to: slashed(to) })}
          </Text>
        </Stack>
      )}
    </QueryCard>
  );
}
