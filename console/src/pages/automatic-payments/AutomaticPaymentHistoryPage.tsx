import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Badge.css';
import { AUTOMATIC_PAYMENT_RESULTS, type AutomaticPayment } from '@coin/contract';
import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CoinAmount } from '@/components/CoinAmount';
import { CsvButton } from '@/components/FileDownload';
import { ListSection } from '@/components/ListSection';
import type { Column } from '@/components/ListTable';
import { PeriodFilter } from '@/components/PeriodFilter';
import { StatusFilter } from '@/components/StatusFilter';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { DATE_FORMAT, formatDateTime, formatDay } from '@/format';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import { selectSelectedMerchant, useSessionState } from '@/session';
import { automaticPaymentListQuery } from './automaticPaymentQueries';
import { automaticPaymentSearch } from './automaticPaymentSearch';
import {
  AUTOMATIC_PAYMENT_RESULT_COLORS,
  automaticPaymentResultKey,
  chargeTransactionSearch,
} from './automaticPaymentView';

/** 成功 / 失敗 / 再試行予定, with why it failed and, for a retry, that the next run tries again. */
function ResultCell({ payment }: { payment: AutomaticPayment }) {
  const { t } = useTranslation();
  const { result } = payment;
  return (
    // A block with a width of its own: list cells do not wrap, the reason under the badge does.
    <Stack gap={2} align="flex-start" miw={96}>
      <Badge variant="light" size="sm" color={AUTOMATIC_PAYMENT_RESULT_COLORS[result]}>
        {t(automaticPaymentResultKey(result))}
      </Badge>
      {result !== 'SUCCEEDED' && payment.failure_reason && (
        <Text size="xs" c="red.9" w={180} style={{ whiteSpace: 'normal' }}>
          {payment.failure_reason}
        </Text>
      )}
      {result === 'RETRY_SCHEDULED' && (
        <Text size="xs" c="dimmed" w={180} style={{ whiteSpace: 'normal' }}>
          {t('automaticPayments.list.retryNote')}
        </Text>
      )}
      {payment.attempts > 1 && (
        <Text size="xs" c="dimmed">
          {t('automaticPayments.list.attempt', { attempts: payment.attempts })}
        </Text>
      )}
    </Stack>
  );
}

/** The PAYMENT that charged it, opened in the transaction history (found by its id); nothing when not charged. */
function TransactionLink({ payment }: { payment: AutomaticPayment }) {
  const { t } = useTranslation();
  const search = chargeTransactionSearch(payment);
  if (!search) return null;
  return (
    <Anchor
      renderRoot={(props) => <AppLink {...props} to="/transaction" search={search} />}
      size="sm"
      aria-label={t('automaticPayments.list.openTransaction', { id: search.id })}
    >
      {t('automaticPayments.list.transactionLink', { id: search.id })}
    </Anchor>
  );
}

/** AutomaticPaymentHistory (every role): recurring charges due in the period and how each went. */
export default function AutomaticPaymentHistoryPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.AutomaticPaymentHistory'));
  const merchant = useSessionState(selectSelectedMerchant);
  const [search, update] = useListSearch(automaticPaymentSearch);
  const { result } = search;

  const merchantId = merchant?.merchant_id ?? 0;
  const query = useQuery({
    ...automaticPaymentListQuery(merchantId, search),
    enabled: merchant !== undefined,
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<Column<AutomaticPayment>[]>(
    () => [
      {
        key: 'scheduled_on',
        header: t('automaticPayments.list.scheduledOn'),
        render: (row) => formatDay(row.scheduled_on, DATE_FORMAT),
      },
      {
        key: 'description',
        header: t('automaticPayments.list.description'),
        // Descriptions name a plan and a cycle: they wrap inside the column.
        render: (row) => (
          <Text span size="sm" display="block" miw={160} maw={280} style={{ whiteSpace: 'normal' }}>
            {row.description}
          </Text>
        ),
      },
      {
        key: 'customer',
        header: t('automaticPayments.list.customer'),
        render: (row) => (
          <Text span size="sm" ff="monospace">
            {row.customer_wallet_masked}
          </Text>
        ),
      },
      {
        key: 'amount',
        mobile: 'primary',
        header: t('automaticPayments.list.amount'),
        align: 'right',
        render: (row) => <CoinAmount amount={row.amount} coin={row.coin_name} />,
      },
      {
        key: 'result',
        mobile: 'primary',
        header: t('automaticPayments.list.result'),
        render: (row) => <ResultCell payment={row} />,
      },
      {
        key: 'processed_at',
        header: t('automaticPayments.list.processedAt'),
        render: (row) => formatDateTime(row.processed_at),
      },
      {
        key: 'transaction',
        header: t('automaticPayments.list.transaction'),
        render: (row) => <TransactionLink payment={row} />,
      },
    ],
    [t],
  );

  if (!merchant) return null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.AutomaticPaymentHistory')}</Title>
        <Text size="sm" c="dimmed">
          {t('automaticPayments.lead')}
        </Text>
      </Stack>
      <ListSection
        title={t('automaticPayments.list.title')}
        controls={
          <>
            <PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />
            <StatusFilter
              statuses={AUTOMATIC_PAYMENT_RESULTS}
              value={result}
              label={t('automaticPayments.list.result')}
              labelOf={(value) => t(automaticPaymentResultKey(value))}
              onChange={(value) => update({ result: value })}
            />
          </>
        }
        csv={
          <CsvButton
            merchantId={merchant.merchant_id}
            merchantName={merchant.name}
            report="automatic_payments"
            query={{ start_date: search.from, end_date: search.to }}
          />
        }
        columns={columns}
        query={query}
        rowKey={(row) => row.id}
        page={search.page}
        onPageChange={(page) => update({ page })}
        emptyText={t('automaticPayments.list.empty')}
      />
    </Stack>
  );
}
