import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Badge.css';
import { DEFAULT_PAGE_SIZE, REFUND_APPLICATION_STATUSES, type RefundApplication } from '@coin/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { CsvButton } from '@/components/FileDownload';
import { type Column, ListTable } from '@/components/ListTable';
import { PeriodFilter } from '@/components/PeriodFilter';
import { StatusFilter } from '@/components/StatusFilter';
import { TwoLineCell } from '@/components/TwoLineCell';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { useReturnFocus } from '@/components/useReturnFocus';
import { formatCoin, formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import { selectRole, selectSelectedMerchant, useSessionState } from '@/session';
import { refundListQuery } from './refundQueries';
import { refundSearch } from './refundSearch';
import { RefundStatusBadge } from './StatusBadge';

// The confirm dialog (Mantine's modal parts) loads with the first 取消 pressed.
const CancelDialog = lazy(() => import('./CancelDialog'));

/** The merchant's refund applications; an Owner cancels one still requested. */
export default function RefundPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.Refund'));
  const merchant = useSessionState(selectSelectedMerchant);
  const isOwner = useSessionState(selectRole) === 'Owner';
  const [search, update] = useListSearch(refundSearch);
  const { status } = search;
  const [canceling, setCanceling] = useState<RefundApplication | null>(null);
  // A cancelled request loses its 取消 button (once the list has refreshed): the focus then goes to the heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { remember, restore } = useReturnFocus(headingRef);
  const startCancel = useCallback(
    (row: RefundApplication) => {
      remember();
      setCanceling(row);
    },
    [remember],
  );
  const endCancel = (outcome: 'done' | 'dismissed') => {
    setCanceling(null);
    restore(outcome === 'done');
  };

  const merchantId = merchant?.merchant_id ?? 0;
  const query = useQuery({
    ...refundListQuery(merchantId, search),
    enabled: merchant !== undefined,
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<Column<RefundApplication>[]>(
    () => [
      { key: 'id', header: t('fields.refundApplicationId'), align: 'right', render: (row) => row.id },
      { key: 'created_at', header: t('fields.appliedAt'), render: (row) => formatDateTime(row.created_at) },
      { key: 'status', header: t('fields.status'), render: (row) => <RefundStatusBadge status={row.status} /> },
      {
        key: 'payment',
        header: t('fields.payment'),
        render: (row) => (
          <TwoLineCell
            main={
              <>
                {t('fields.transactionId')} {row.payment_transaction_id}
              </>
            }
            sub={formatDateTime(row.payment_created_at)}
          />
        ),
      },
      { key: 'coin', header: t('fields.coin'), render: (row) => row.coin_name },
      {
        key: 'payment_amount',
        header: t('fields.paymentAmount'),
        align: 'right',
        render: (row) => formatCoin(row.payment_amount),
      },
      { key: 'amount', header: t('fields.refundAmount'), align: 'right', render: (row) => formatCoin(row.amount) },
      { key: 'fee', header: t('fields.fee'), align: 'right', render: (row) => formatCoin(row.fee) },
      {
        key: 'reason',
        header: t('fields.refundReason'),
        render: (row) => (
          <Text span inherit maw={200} truncate="end" display="block" title={row.reason ?? undefined}>
            {row.reason ?? ''}
          </Text>
        ),
      },
      ...(isOwner
        ? [
            {
              key: 'actions',
              header: t('fields.actions'),
              render: (row: RefundApplication) =>
                row.status === 'REQUESTED' ? (
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    aria-label={t('refund.list.cancelLabel', { id: row.id })}
                    onClick={() => startCancel(row)}
                  >
                    {t('refund.list.cancel')}
                  </Button>
                ) : null,
            },
          ]
        : []),
    ],
    [t, isOwner, startCancel],
  );

  if (!merchant) return null;
  const csvQuery = { start_date: search.from, end_date: search.to, ...(status ? { status } : {}) };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} ref={headingRef} tabIndex={-1}>
          {t('pages.Refund')}
        </Title>
        {isOwner && (
          <Button component={AppLink} to="/refund/request">
            {t('refund.list.request')}
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('list.filters')}>
        <Group align="flex-end" gap="md" wrap="wrap">
          <PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />
          <StatusFilter
            statuses={REFUND_APPLICATION_STATUSES}
            value={status}
            labelOf={(value) => t(`refundStatus.${value}`)}
            onChange={(value) => update({ status: value })}
          />
          <Group ml="auto">
            <CsvButton
              merchantId={merchant.merchant_id}
              merchantName={merchant.name}
              report="refund_applications"
              query={csvQuery}
            />
          </Group>
        </Group>
      </Paper>
      <ListTable
        label={t('pages.Refund')}
        columns={columns}
        query={query}
        rowKey={(row) => row.id}
        page={search.page}
        pageSize={DEFAULT_PAGE_SIZE}
        onPageChange={(page) => update({ page })}
        emptyText={t('refund.list.empty')}
      />
      {canceling !== null && (
        <Suspense fallback={null}>
          <CancelDialog walletNo={merchant.wallet_no} application={canceling} onClose={endCancel} />
        </Suspense>
      )}
    </Stack>
  );
}
