import '@mantine/core/styles/Card.css';
import { Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { refundQueries } from '@/api/refunds';
import { CsvButton } from '@/components/FileDownload';
import { PeriodFilter } from '@/components/PeriodFilter';
import { QueryCard } from '@/components/QueryCard';
import { formatCoin, formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import { thisMonth } from '@/router/search';

/** Amounts requested and not yet approved, per coin (GET /admin/wallets/{wallet_no}/refunding). */
export function RefundingCard({ walletNo }: { walletNo: string }) {
  const { t } = useTranslation();
  const query = useQuery(refundQueries.refunding(walletNo));
  return (
    <QueryCard
      title={t('refund.request.refundingTitle')}
      query={query}
      isEmpty={(answer) => answer.items.length === 0}
      emptyText={t('refund.request.refundingEmpty')}
    >
      {(answer) => (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.coin')}</Table.Th>
              <Table.Th ta="right">{t('fields.amount')}</Table.Th>
              <Table.Th ta="right">{t('fields.fee')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.items.map((item) => (
              <Table.Tr key={item.coin_id}>
                <Table.Td>
                  {item.coin_name}
                  <Text span size="xs" c="dimmed" ml={6}>
                    {t('refund.request.refundingCount', { count: item.count })}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{formatCoin(item.amount)}</Table.Td>
                <Table.Td ta="right">{formatCoin(item.fee)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryCard>
  );
}

/** Fees of the refunds approved in a period (GET /history/merchants/{id}/refund_fees), with their CSV. */
export function RefundFeesCard({ merchantId, merchantName }: { merchantId: number; merchantName: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(() => thisMonth());
  const query = useQuery(refundQueries.fees(merchantId, { start_date: period.from, end_date: period.to }));
  return (
    <QueryCard
      title={t('refund.request.feesTitle')}
      query={query}
      isEmpty={(answer) => answer.items.length === 0}
      emptyText={t('refund.request.feesEmpty')}
      toolbar={
        <Group mb="sm" align="flex-end" gap="md" wrap="wrap">
          <PeriodFilter from={period.from} to={period.to} onChange={setPeriod} />
          <CsvButton
            merchantId={merchantId}
            merchantName={merchantName}
            report="refund_fees"
            query={{ start_date: period.from, end_date: period.to }}
          />
        </Group>
      }
    >
      {(answer) => (
        <>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('refund.request.approvedAt')}</Table.Th>
                <Table.Th ta="right">{t('fields.refundAmount')}</Table.Th>
                <Table.Th ta="right">{t('fields.fee')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.items.map((item) => (
                <Table.Tr key={item.refund_application_id}>
                  <Table.Td>{formatDateTime(item.approved_at)}</Table.Td>
                  <Table.Td ta="right">{formatCoin(item.amount)}</Table.Td>
                  <Table.Td ta="right">{formatCoin(item.fee)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm" mt="xs" ta="right" fw={500}>
            {t('refund.request.feesTotal', { amount: formatCoin(answer.total_fee) })}
          </Text>
        </>
      )}
    </QueryCard>
  );
}

/** The side column of RequestRefund (a chunk of its own). */
export default function RefundSideCards({
  walletNo,
  merchantId,
  merchantName,
}: {
  walletNo: string;
  merchantId: number;
  merchantName: string;
}) {
  return (
    <Stack gap="lg">
      <RefundingCard walletNo={walletNo} />
      <RefundFeesCard merchantId={merchantId} merchantName={merchantName} />
    </Stack>
  );
}
