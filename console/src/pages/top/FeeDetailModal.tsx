import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Pagination.css';
import { DEFAULT_PAGE_SIZE, type SummarizedFee, type TxFee } from '@coin/contract';
import { Badge, Group, Loader, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { feeQueries } from '@/api/fees';
import { useDialogFrame } from '@/components/ConfirmDialog';
import { CsvButton } from '@/components/FileDownload';
import { type Column, ListTable } from '@/components/ListTable';
import {
  DATE_FORMAT,
  formatBasisPoints,
  formatCoin,
  formatDateTime,
  formatDay,
  formatMonth,
  formatYen,
} from '@/format';
import { useTranslation } from '@/i18n';
import { FeeInvoicePart } from './FeeInvoiceDownloads';
import { monthBounds } from './feeMonth';

/**
 * A month's fee detail: the month's fee as the card shows it, the payments it is made of with each
 * one's fee (GET /merchants/{id}/tx_fees, type PAYMENT: their fees add up to the monthly fee before
 * tax), and the rates that applied; the month's invoice (PDF) under the figures.
 */
export function FeeDetailModal({
  merchantId,
  merchantName,
  month,
  summary,
  onClose,
}: {
  merchantId: number;
  merchantName: string;
  month: string | null;
  /** The month's row of the fees card: the detail heads with the same figures. */
  summary?: Pick<SummarizedFee, 'amount' | 'tax'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const frame = useDialogFrame();
  return (
    <Modal
      opened={month !== null}
      onClose={onClose}
      size="xl"
      title={month ? t('feeDetail.title', { month: formatMonth(month) }) : null}
      {...frame}
    >
      {month && summary && <FeeSummary summary={summary} />}
      {month && <FeeInvoicePart merchantId={merchantId} month={month} />}
      {month && <FeeDetail merchantId={merchantId} merchantName={merchantName} month={month} />}
    </Modal>
  );
}

/** The month's fee before tax, its tax and the two together, as the fees card shows them. */
export function FeeSummary({ summary }: { summary: Pick<SummarizedFee, 'amount' | 'tax'> }) {
  const { t } = useTranslation();
  return (
    <Table withTableBorder mb="lg" aria-label={t('top.fees.summary')}>
      <Table.Tbody>
        {(
          [
            ['amount', summary.amount],
            ['tax', summary.tax],
            ['total', summary.amount + summary.tax],
          ] as const
        ).map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Th scope="row">{t(`top.fees.${key}`)}</Table.Th>
            <Table.Td ta="right">{formatYen(value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The monthly fee is the payment fee: transfer and payout fees are charged when they happen. */
const MONTHLY_FEE_TYPE = 'PAYMENT';

function FeeDetail({ merchantId, merchantName, month }: { merchantId: number; merchantName: string; month: string }) {
  const { t } = useTranslation();
  const bounds = monthBounds(month);
  const [page, setPage] = useState(1);
  const fees = useQuery({
    ...feeQueries.txFees(merchantId, {
      start_at: bounds.from,
      end_at: bounds.to,
      type: MONTHLY_FEE_TYPE,
      limit: DEFAULT_PAGE_SIZE,
      offset: page,
    }),
    placeholderData: keepPreviousData,
  });
  const rates = useQuery(feeQueries.rates(merchantId, bounds.to));
  const columns = useMemo<Column<TxFee>[]>(
    () => [
      { key: 'created_at', header: t('fields.dateTime'), render: (row) => formatDateTime(row.created_at) },
      { key: 'id', header: t('fields.transactionId'), align: 'right', render: (row) => row.transaction_id },
      { key: 'type', header: t('fields.type'), render: (row) => t(`transactionTypes.${row.type}`) },
      { key: 'coin', header: t('fields.coin'), render: (row) => row.coin_name },
      {
        key: 'amount',
        mobile: 'primary',
        header: t('fields.amount'),
        align: 'right',
        render: (row) => formatCoin(row.amount),
      },
      {
        key: 'rate',
        header: t('fields.feeRate'),
        align: 'right',
        render: (row) => `${formatBasisPoints(row.fee_rate_bp)}%`,
      },
      { key: 'fee', mobile: 'primary', header: t('fields.fee'), align: 'right', render: (row) => formatCoin(row.fee) },
    ],
    [t],
  );
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('feeDetail.transactions')}
        </Title>
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Text size="sm" fw={500}>
            {fees.data
              ? t('feeDetail.totals', {
                  amount: formatCoin(fees.data.total_amount),
                  fee: formatCoin(fees.data.total_fee),
                })
              : null}
          </Text>
          <CsvButton
            merchantId={merchantId}
            merchantName={merchantName}
            report="tx_fees"
            query={{ start_date: bounds.from, end_date: bounds.to, type: MONTHLY_FEE_TYPE }}
          />
        </Group>
        <ListTable
          label={t('feeDetail.transactions')}
          columns={columns}
          query={fees}
          rowKey={(row) => `${row.transaction_id}-${row.coin_id}`}
          page={page}
          pageSize={DEFAULT_PAGE_SIZE}
          onPageChange={setPage}
          emptyText={t('feeDetail.empty')}
        />
      </Stack>
      <DetailSection
        title={t('feeDetail.rates')}
        query={rates}
        isEmpty={(answer) => answer.items.length === 0}
        emptyText={t('feeDetail.ratesEmpty')}
        after={<FeeLimitLine targetDate={bounds.to} />}
      >
        {(answer) => (
          <Table striped aria-label={t('feeDetail.rates')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.type')}</Table.Th>
                <Table.Th ta="right">{t('fields.feeRate')}</Table.Th>
                <Table.Th>{t('feeDetail.validFrom')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.items.map((rate) => (
                <Table.Tr key={`${rate.type}-${rate.valid_from}`}>
                  <Table.Td>{t(`transactionTypes.${rate.type}`)}</Table.Td>
                  <Table.Td ta="right">{formatBasisPoints(rate.rate_bp)}%</Table.Td>
                  <Table.Td>{formatDayOnly(rate.valid_from)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </DetailSection>
      <FeeRateHistory merchantId={merchantId} targetDate={bounds.to} />
    </Stack>
  );
}

/** A titled part of the detail with its query's states: loading, failed, empty, or the data. */
function DetailSection<T>({
  title,
  query,
  isEmpty,
  emptyText,
  after,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  /** Shown below whatever state the query is in. */
  after?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  let body: ReactNode = <Loader size="xs" aria-label={t('common.loading')} />;
  if (query.isError) {
    body = (
      <Text size="sm" c="red.9" role="alert">
        {t('errors.loadFailed')}
      </Text>
    );
  } else if (query.isSuccess) {
    body = isEmpty(query.data) ? (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    ) : (
      children(query.data)
    );
  }
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {body}
      {after}
    </Stack>
  );
}

/** A calendar day (YYYY-MM-DD) as the console writes dates. */
const formatDayOnly = (day: string) => formatDay(day, DATE_FORMAT);

/** The merchants' fee limit in effect at the month's end (GET /history/fee_limits). */
function FeeLimitLine({ targetDate }: { targetDate: string }) {
  const { t } = useTranslation();
  const limit = useQuery(feeQueries.limits('MERCHANT', targetDate));
  if (limit.isError) {
    return (
      <Text size="sm" c="red.9" role="alert">
        {t('errors.loadFailed')}
      </Text>
    );
  }
  if (!limit.isSuccess) return null;
  const { limit_amount: amount, valid_from: from } = limit.data;
  return (
    <Text size="sm">
      {amount === null || from === null
        ? t('feeDetail.limitNone')
        : t('feeDetail.limit', { amount: formatCoin(amount), date: formatDayOnly(from) })}
    </Text>
  );
}

/** Every fee-rate period of the merchant, the ones applying at the month's end marked (GET /history/merchants/{id}). */
function FeeRateHistory({ merchantId, targetDate }: { merchantId: number; targetDate: string }) {
  const { t } = useTranslation();
  const history = useQuery(feeQueries.history(merchantId, targetDate));
  return (
    <DetailSection
      title={t('feeDetail.history')}
      query={history}
      isEmpty={(answer) => answer.items.length === 0}
      emptyText={t('feeDetail.ratesEmpty')}
    >
      {(answer) => (
        <Table striped aria-label={t('feeDetail.history')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.type')}</Table.Th>
              <Table.Th ta="right">{t('fields.feeRate')}</Table.Th>
              <Table.Th>{t('feeDetail.period')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('feeDetail.inEffect')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.items.map((item) => (
              <Table.Tr key={`${item.type}-${item.valid_from}`}>
                <Table.Td>{t(`transactionTypes.${item.type}`)}</Table.Td>
                <Table.Td ta="right">{formatBasisPoints(item.rate_bp)}%</Table.Td>
                <Table.Td>
                  {item.valid_to
                    ? t('feeDetail.periodRange', {
                        from: formatDayOnly(item.valid_from),
                        to: formatDayOnly(item.valid_to),
                      })
                    : t('feeDetail.periodFrom', { from: formatDayOnly(item.valid_from) })}
                </Table.Td>
                <Table.Td>
                  {item.in_effect && (
                    <Badge size="sm" variant="light" color="teal">
                      {t('feeDetail.inEffect')}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </DetailSection>
  );
}
