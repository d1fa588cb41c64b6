import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Pagination.css';
import { DEFAULT_PAGE_SIZE, type TxFee } from '@coin/contract';
import { Modal, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feeQueries } from '@/api/fees';
import { type Column, ListTable } from '@/components/ListTable';
import { formatBasisPoints, formatCoin, formatDate, formatDateTime, formatMonth } from '@/format';
import { monthBounds } from './feeMonth';

/** A month's fee detail: every transaction's fee (GET /merchants/{id}/tx_fees) and the rates that applied. */
export function FeeDetailModal({
  merchantId,
  month,
  onClose,
}: {
  merchantId: number;
  month: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={month !== null}
      onClose={onClose}
      size="xl"
      title={month ? <Text fw={700}>{t('feeDetail.title', { month: formatMonth(month) })}</Text> : null}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {month && <FeeDetail merchantId={merchantId} month={month} />}
    </Modal>
  );
}

function FeeDetail({ merchantId, month }: { merchantId: number; month: string }) {
  const { t } = useTranslation();
  const bounds = monthBounds(month);
  const [page, setPage] = useState(1);
  const fees = useQuery({
    ...feeQueries.txFees(merchantId, {
      start_at: bounds.from,
      end_at: bounds.to,
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
      { key: 'amount', header: t('fields.amount'), align: 'right', render: (row) => formatCoin(row.amount) },
      {
        key: 'rate',
        header: t('fields.feeRate'),
        align: 'right',
        render: (row) => `${formatBasisPoints(row.fee_rate_bp)}%`,
      },
      { key: 'fee', header: t('fields.fee'), align: 'right', render: (row) => formatCoin(row.fee) },
    ],
    [t],
  );
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('feeDetail.transactions')}
        </Title>
        {fees.data && (
          <Text size="sm" fw={500}>
            {t('feeDetail.totals', {
              amount: formatCoin(fees.data.total_amount),
              fee: formatCoin(fees.data.total_fee),
            })}
          </Text>
        )}
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
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('feeDetail.rates')}
        </Title>
        {rates.isSuccess && rates.data.items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('feeDetail.ratesEmpty')}
          </Text>
        )}
        {rates.isError && (
          <Text size="sm" c="red.8" role="alert">
            {t('errors.loadFailed')}
          </Text>
        )}
        {rates.isSuccess && rates.data.items.length > 0 && (
          <Table striped aria-label={t('feeDetail.rates')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.type')}</Table.Th>
                <Table.Th ta="right">{t('fields.feeRate')}</Table.Th>
                <Table.Th>{t('feeDetail.validFrom')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rates.data.items.map((rate) => (
                <Table.Tr key={`${rate.type}-${rate.valid_from}`}>
                  <Table.Td>{t(`transactionTypes.${rate.type}`)}</Table.Td>
                  <Table.Td ta="right">{formatBasisPoints(rate.rate_bp)}%</Table.Td>
                  <Table.Td>{formatDate(`${rate.valid_from}T00:00:00+09:00`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}
