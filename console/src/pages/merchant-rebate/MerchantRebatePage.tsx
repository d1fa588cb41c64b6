import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import type { MerchantRebate } from '@coin/contract';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CsvButton } from '@/components/FileDownload';
import { ListSection, ListSummary } from '@/components/ListSection';
import type { Column } from '@/components/ListTable';
import { PeriodFilter } from '@/components/PeriodFilter';
import { transactionRowSearch } from '@/components/transactionRowSearch';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { formatBasisPoints, formatCoin, formatDateTime, formatMonth } from '@/format';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import { selectSelectedMerchant, useSessionState } from '@/session';
import { merchantRebateListQuery } from './merchantRebateQueries';
import { RECENT_MONTHS, recentMonths } from './rebateRows';

/** MerchantRebate: the rebates paid to the merchant, by month and campaign, in a period of payment days. */
export default function MerchantRebatePage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.MerchantRebate'));
  const merchant = useSessionState(selectSelectedMerchant);
  const [search, update] = useListSearch();

  const merchantId = merchant?.merchant_id ?? 0;
  const query = useQuery({
    ...merchantRebateListQuery(merchantId, search),
    enabled: merchant !== undefined,
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<Column<MerchantRebate>[]>(
    () => [
      {
        key: 'month',
        header: t('fields.month'),
        render: (row) => t('merchantRebate.list.monthOf', { month: formatMonth(row.month) }),
      },
      {
        key: 'campaign',
        header: t('merchantRebate.list.campaign'),
        // Campaign names are long: they wrap inside the column (list cells do not wrap by default).
        render: (row) => (
          <Text span size="sm" display="block" miw={180} maw={300} style={{ whiteSpace: 'normal' }}>
            {row.campaign}
          </Text>
        ),
      },
      { key: 'coin', header: t('fields.coin'), render: (row) => row.coin_name },
      {
        key: 'base_amount',
        header: t('merchantRebate.list.baseAmount'),
        align: 'right',
        render: (row) => formatCoin(row.base_amount),
      },
      {
        key: 'rate',
        header: t('merchantRebate.list.rate'),
        align: 'right',
        render: (row) => t('merchantRebate.list.ratePercent', { rate: formatBasisPoints(row.rate_bp) }),
      },
      {
        key: 'amount',
        mobile: 'primary',
        header: t('merchantRebate.list.amount'),
        align: 'right',
        render: (row) => (
          <Text span size="sm" fw={500}>
            {formatCoin(row.amount)}
          </Text>
        ),
      },
      { key: 'paid_at', header: t('merchantRebate.list.paidAt'), render: (row) => formatDateTime(row.paid_at) },
      {
        key: 'transaction',
        header: t('merchantRebate.list.transaction'),
        align: 'right',
        render: (row) => (
          <Anchor
            renderRoot={(props) => (
              <AppLink {...props} to="/transaction" search={transactionRowSearch(row.transaction_id, row.paid_at)} />
            )}
            size="sm"
            aria-label={t('merchantRebate.list.openTransaction', { id: row.transaction_id })}
          >
            {row.transaction_id}
          </Anchor>
        ),
      },
    ],
    [t],
  );

  if (!merchant) return null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.MerchantRebate')}</Title>
        <Text size="sm" c="dimmed">
          {t('merchantRebate.lead')}
        </Text>
      </Stack>
      <ListSection
        title={t('merchantRebate.list.title')}
        csv={
          <CsvButton
            merchantId={merchant.merchant_id}
            merchantName={merchant.name}
            report="merchant_rebates"
            query={{ start_date: search.from, end_date: search.to }}
          />
        }
        controls={
          <>
            <PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />
            {/* Rebates come once a month: this month alone is often empty. */}
            <Button variant="light" onClick={() => update(recentMonths(RECENT_MONTHS))}>
              {t('merchantRebate.list.recentMonths')}
            </Button>
          </>
        }
        summary={
          query.data && (
            <ListSummary>{t('merchantRebate.list.total', { amount: formatCoin(query.data.total_amount) })}</ListSummary>
          )
        }
        columns={columns}
        query={query}
        rowKey={(row) => row.id}
        page={search.page}
        onPageChange={(page) => update({ page })}
        emptyText={t('merchantRebate.list.empty')}
      />
    </Stack>
  );
}
