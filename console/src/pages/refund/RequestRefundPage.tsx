import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Grid.css';
import { DEFAULT_PAGE_SIZE, type WalletHistory } from '@coin/contract';
import { Badge, Box, Button, Grid, Group, Loader, Paper, Stack, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { HistoryFilterPanel } from '@/components/HistoryFilterPanel';
import { type Column, ListTable } from '@/components/ListTable';
import { PeriodFilter } from '@/components/PeriodFilter';
import type { RefundTarget } from '@/components/refund/refundForm';
import { TwoLineCell } from '@/components/TwoLineCell';
import { halfWidthDigits } from '@/components/typedNumber';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { formatCoin, formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import { selectSelectedMerchant, useSessionState } from '@/session';
import { refundPaymentsQuery } from './requestRefundQueries';
import { requestRefundSearch } from './requestRefundSearch';

// The refund form (and @mantine/form with it) loads once a payment is chosen, as in the payment detail.
const RefundSteps = lazy(() => import('@/components/refund/RefundSteps'));
// What is being refunded and the fee history load beside the form, after it.
const RefundSideCards = lazy(() => import('./RefundSideCards'));

/** A payment of the list that can still be refunded. */
const refundTargetOf = (row: WalletHistory): RefundTarget | null =>
  row.refundable_remaining !== null && row.refundable_remaining > 0
    ? {
        transaction_id: row.transaction_id,
        created_at: row.created_at,
        coin_name: row.coin_name,
        amount: row.amount,
        refundable_remaining: row.refundable_remaining,
      }
    : null;

/**
 * RequestRefund (Owner): pick a payment (each shows what is left to refund; one with nothing left is
 * not offered), then the refund form takes the list's place beside that payment: amount and reason,
 * the confirm step with the fee, the request. 別の支払いを選ぶ brings the list back as it was.
 */
export default function RequestRefundPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.RequestRefund'));
  const merchant = useSessionState(selectSelectedMerchant);
  const [payment, setPayment] = useState<RefundTarget | null>(null);
  if (!merchant) return null;
  const walletNo = merchant.wallet_no;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.RequestRefund')}</Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {payment && (
            <Suspense fallback={<Loader size="sm" aria-label={t('common.loading')} />}>
              <RefundSteps
                // Another payment is a new form: its own amount, no error of the previous one.
                key={payment.transaction_id}
                walletNo={walletNo}
                payment={payment}
                onCancel={() => setPayment(null)}
                cancelLabel={t('refund.request.changePayment')}
                doneActions={
                  <Button variant="default" onClick={() => setPayment(null)}>
                    {t('refund.request.again')}
                  </Button>
                }
              />
            </Suspense>
          )}
          {/* Kept while the form is shown; its period, page and filters live in the URL (requestRefundSearch). */}
          <Box display={payment ? 'none' : undefined}>
            <PaymentPicker walletNo={walletNo} onSelect={setPayment} />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Suspense fallback={null}>
            <RefundSideCards walletNo={walletNo} merchantId={merchant.merchant_id} merchantName={merchant.name} />
          </Suspense>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function PaymentPicker({ walletNo, onSelect }: { walletNo: string; onSelect: (payment: RefundTarget) => void }) {
  const { t } = useTranslation();
  const [search, update] = useListSearch(requestRefundSearch);
  const [idText, setIdText] = useState(search.id ? String(search.id) : '');
  useEffect(() => setIdText(search.id ? String(search.id) : ''), [search.id]);
  const query = useQuery({ ...refundPaymentsQuery(walletNo, search), placeholderData: keepPreviousData });

  const columns = useMemo<Column<WalletHistory>[]>(
    () => [
      {
        key: 'select',
        mobile: 'primary',
        header: t('refund.request.select'),
        render: (row) => {
          const target = refundTargetOf(row);
          if (target) {
            return (
              <Button
                size="compact-sm"
                variant="light"
                aria-label={t('refund.request.selectLabel', { id: row.transaction_id })}
                onClick={() => onSelect(target)}
              >
                {t('refund.request.select')}
              </Button>
            );
          }
          // Nothing left to refund, or a coin that cannot be refunded: not offered.
          return (
            <Badge color="gray" variant="light">
              {row.refundable_remaining === null ? t('refund.request.notRefundable') : t('refund.request.nothingLeft')}
            </Badge>
          );
        },
      },
      {
        // Id and time in one cell: the table keeps its 720 px, so no status is cut short.
        key: 'payment',
        header: t('fields.payment'),
        render: (row) => (
          <TwoLineCell
            main={
              <>
                {t('fields.transactionId')} {row.transaction_id}
              </>
            }
            sub={formatDateTime(row.created_at)}
          />
        ),
      },
      { key: 'coin', header: t('fields.coin'), render: (row) => row.coin_name },
      { key: 'amount', header: t('fields.paymentAmount'), align: 'right', render: (row) => formatCoin(row.amount) },
      {
        key: 'remaining',
        mobile: 'primary',
        header: t('fields.refundableRemaining'),
        align: 'right',
        render: (row) => (row.refundable_remaining === null ? '—' : formatCoin(row.refundable_remaining)),
      },
      { key: 'payer', header: t('refund.request.payer'), render: (row) => row.counterparty ?? '—' },
    ],
    [t, onSelect],
  );

  const submitId = (event: FormEvent) => {
    event.preventDefault();
    const value = halfWidthDigits(idText).trim();
    update({ id: /^\d{1,15}$/.test(value) ? value : undefined });
  };

  return (
    // md padding: at 1440 px the list's box keeps the table's 720 px (lg would turn it into cards).
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="payments-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="payments-heading">
          {t('refund.request.choosePayment')}
        </Title>
        <Group align="flex-end" gap="md" wrap="wrap">
          <PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />
          <form onSubmit={submitId} aria-label={t('transaction.searchId')}>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label={t('fields.transactionId')}
                placeholder={t('transaction.searchId')}
                inputMode="numeric"
                value={idText}
                onChange={(event) => setIdText(event.currentTarget.value)}
                w={180}
              />
              <Button type="submit" variant="light">
                {t('actions.search')}
              </Button>
            </Group>
          </form>
        </Group>
        <HistoryFilterPanel filters={search} onApply={(filters) => update(filters)} />
        <ListTable
          label={t('refund.request.paymentsLabel')}
          columns={columns}
          query={query}
          rowKey={(row) => `${row.transaction_id}-${row.coin_id}`}
          page={search.page}
          pageSize={DEFAULT_PAGE_SIZE}
          onPageChange={(page) => update({ page })}
          emptyText={t('refund.request.paymentsEmpty')}
        />
      </Stack>
    </Paper>
  );
}
