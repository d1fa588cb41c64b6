import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import type { BookTicketUse } from '@coin/contract';
import { Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CsvButton } from '@/components/FileDownload';
import { ListSection } from '@/components/ListSection';
import type { Column } from '@/components/ListTable';
import { PeriodFilter } from '@/components/PeriodFilter';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import { selectSelectedMerchant, useSessionState } from '@/session';
import { usesLeftLabel } from './bookTicketLabels';
import { bookTicketUsesQuery } from './bookTicketQueries';
import { TicketSummaryCard } from './TicketSummaryCard';

/** BookTicketUseHistory (every role): uses of book tickets (回数券) at this merchant, by ticket, then one by one. */
export default function BookTicketUseHistoryPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.BookTicketUseHistory'));
  const merchant = useSessionState(selectSelectedMerchant);
  const [search, update] = useListSearch();

  const merchantId = merchant?.merchant_id ?? 0;
  const query = useQuery({
    ...bookTicketUsesQuery(merchantId, search),
    enabled: merchant !== undefined,
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<Column<BookTicketUse>[]>(
    () => [
      { key: 'used_at', header: t('bookTicket.list.usedAt'), render: (row) => formatDateTime(row.used_at) },
      { key: 'ticket', mobile: 'primary', header: t('bookTicket.list.ticket'), render: (row) => row.ticket_name },
      {
        key: 'customer',
        header: t('bookTicket.list.customer'),
        render: (row) => (
          <Text span size="sm" ff="monospace">
            {row.customer_wallet_masked}
          </Text>
        ),
      },
      {
        key: 'uses_left',
        mobile: 'primary',
        header: t('bookTicket.list.usesLeft'),
        align: 'right',
        render: (row) => (
          <Text span size="sm" c={row.uses_left > 0 ? undefined : 'dimmed'}>
            {usesLeftLabel(t, row)}
          </Text>
        ),
      },
    ],
    [t],
  );

  if (!merchant) return null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.BookTicketUseHistory')}</Title>
        <Text size="sm" c="dimmed">
          {t('bookTicket.lead')}
        </Text>
      </Stack>
      {/* On a failure the list below shows the error and its retry; the card would only repeat it. */}
      {!(query.isError && !query.data) && <TicketSummaryCard from={search.from} to={search.to} query={query} />}
      <ListSection
        title={t('bookTicket.list.title')}
        csv={
          <CsvButton
            merchantId={merchant.merchant_id}
            merchantName={merchant.name}
            report="book_ticket_uses"
            query={{ start_date: search.from, end_date: search.to }}
          />
        }
        controls={<PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />}
        columns={columns}
        query={query}
        rowKey={(row) => row.id}
        page={search.page}
        onPageChange={(page) => update({ page })}
        emptyText={t('bookTicket.list.empty')}
      />
    </Stack>
  );
}
