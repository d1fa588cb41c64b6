import { Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { walletQueries } from '@/api/wallets';
import { QueryCard } from '@/components/QueryCard';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';

/** Refunds still requested (id, name, amount). */
export function RefundsCard({ walletNo }: { walletNo: string }) {
  const { t } = useTranslation();
  const query = useQuery(walletQueries.requestedRefunds(walletNo));
  return (
    <QueryCard
      title={t('top.refunds.title')}
      query={query}
      isEmpty={(answer) => answer.items.length === 0}
      emptyText={t('top.refunds.empty')}
    >
      {(answer) => (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.id')}</Table.Th>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th ta="right">{t('fields.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.items.map((refund) => (
              <Table.Tr key={refund.id}>
                <Table.Td>{refund.id}</Table.Td>
                <Table.Td>{refund.name}</Table.Td>
                <Table.Td ta="right">{formatCoin(refund.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryCard>
  );
}
