import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Badge.css';
import { UTILITY_BILL_STATUSES, type UtilityBill } from '@coin/contract';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CsvButton } from '@/components/FileDownload';
import { ListSection, ListSummary } from '@/components/ListSection';
import type { Column } from '@/components/ListTable';
import { PeriodFilter } from '@/components/PeriodFilter';
import { StatusFilter } from '@/components/StatusFilter';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { formatCoin, formatDateTime, formatYen } from '@/format';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import { selectSelectedMerchant, useSessionState } from '@/session';
import { BILL_CATEGORY_COLORS, BILL_STATUS_COLORS, billCategoryKey, billStatusKey, countsAsPaid } from './billLabels';
import { utilityBillsListQuery } from './utilityBillsQueries';
import { utilityBillsSearch } from './utilityBillsSearch';

/** Bill and wallet numbers in fixed-width digits, so they line up down the column. */
const Mono = ({ text }: { text: string }) => (
  <Text span size="sm" ff="monospace">
    {text}
  </Text>
);

/** UtilityBillsQrHistories: utility bills customers paid by QR at this merchant, with the period's paid totals. */
export default function UtilityBillsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.UtilityBillsQrHistories'));
  const merchant = useSessionState(selectSelectedMerchant);
  const [search, update] = useListSearch(utilityBillsSearch);
  const { status } = search;

  const merchantId = merchant?.merchant_id ?? 0;
  const query = useQuery({
    ...utilityBillsListQuery(merchantId, search),
    enabled: merchant !== undefined,
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<Column<UtilityBill>[]>(
    () => [
      { key: 'paid_at', header: t('utilityBills.list.paidAt'), render: (row) => formatDateTime(row.paid_at) },
      {
        key: 'bill_number',
        header: t('utilityBills.list.billNumber'),
        render: (row) => <Mono text={row.bill_number} />,
      },
      {
        key: 'biller',
        header: t('utilityBills.list.biller'),
        render: (row) => (
          <Group gap={8} wrap="nowrap">
            <Badge variant="outline" size="sm" color={BILL_CATEGORY_COLORS[row.category]} miw={44}>
              {t(billCategoryKey(row.category))}
            </Badge>
            <Text span size="sm">
              {row.biller_name}
            </Text>
          </Group>
        ),
      },
      {
        key: 'payer',
        header: t('utilityBills.list.payer'),
        render: (row) => <Mono text={row.payer_wallet_masked} />,
      },
      {
        key: 'amount',
        mobile: 'primary',
        header: t('utilityBills.list.amount'),
        align: 'right',
        // A canceled bill stays listed, struck through: it is not in the paid total.
        render: (row) =>
          countsAsPaid(row.status) ? (
            formatYen(row.amount)
          ) : (
            <Text span size="sm" c="dimmed" td="line-through">
              {formatYen(row.amount)}
            </Text>
          ),
      },
      {
        key: 'status',
        mobile: 'primary',
        header: t('fields.status'),
        render: (row) => (
          <Badge variant="light" size="sm" color={BILL_STATUS_COLORS[row.status]}>
            {t(billStatusKey(row.status))}
          </Badge>
        ),
      },
    ],
    [t],
  );

  if (!merchant) return null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>{t('pages.UtilityBillsQrHistories')}</Title>
          <Text size="sm" c="dimmed">
            {t('utilityBills.list.lead')}
          </Text>
        </Stack>
        <Anchor
          size="sm"
          renderRoot={(props) => (
            <AppLink {...props} to="/downloadUtilityBillsData" search={{ from: search.from, to: search.to }} />
          )}
        >
          {t('utilityBills.list.toDownload')}
        </Anchor>
      </Group>
      <ListSection
        title={t('utilityBills.list.title')}
        csv={
          <CsvButton
            merchantId={merchant.merchant_id}
            merchantName={merchant.name}
            report="utility_bills"
            query={{ start_date: search.from, end_date: search.to }}
          />
        }
        controls={
          <>
            <PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />
            <StatusFilter
              statuses={UTILITY_BILL_STATUSES}
              value={status}
              labelOf={(value) => t(billStatusKey(value))}
              onChange={(value) => update({ status: value })}
            />
          </>
        }
        summary={
          query.data && (
            <ListSummary>
              {t('utilityBills.list.totals', {
                bills: formatCoin(query.data.paid_count),
                amount: formatYen(query.data.paid_amount),
              })}
            </ListSummary>
          )
        }
        columns={columns}
        query={query}
        rowKey={(row) => row.id}
        page={search.page}
        onPageChange={(page) => update({ page })}
        emptyText={t('utilityBills.list.empty')}
      />
    </Stack>
  );
}
