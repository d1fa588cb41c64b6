import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/ModalBase.css';
import { Drawer, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { walletQueries } from '@/api/wallets';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { formatCoin, formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import { transactionTypeLabel } from './columns';

interface HistoryDrawerProps {
  walletNo: string;
  transactionId: number | null;
  onClose: () => void;
}

/** A transaction and every coin's balance right after it (GET /wallets/{wallet_no}/balance/{transaction_id}). */
export function HistoryDrawer({ walletNo, transactionId, onClose }: HistoryDrawerProps) {
  const { t } = useTranslation();
  const query = useQuery({ ...walletQueries.balanceAt(walletNo, transactionId ?? 0), enabled: transactionId !== null });
  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="xs" aria-busy>
        <Skeleton height={16} />
        <Skeleton height={16} width="70%" />
        <Skeleton height={16} width="50%" />
      </Stack>
    );
  } else if (query.isError) {
    body = <QueryErrorAlert query={query} />;
  } else {
    const detail = query.data;
    body = (
      <Stack gap="md">
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={140}>{t('fields.transactionId')}</Table.Th>
              <Table.Td>{detail.transaction_id}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('fields.dateTime')}</Table.Th>
              <Table.Td>{formatDateTime(detail.created_at)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('fields.type')}</Table.Th>
              <Table.Td>{transactionTypeLabel(t, detail.type)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('fields.comment')}</Table.Th>
              <Table.Td>{detail.comment ?? t('transaction.noComment')}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Stack gap="xs">
          <Text fw={600} id="balances-after">
            {t('transaction.balancesAfter')}
          </Text>
          <Table striped aria-labelledby="balances-after">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.coin')}</Table.Th>
                <Table.Th ta="right">{t('fields.balance')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.balances.map((coin) => (
                <Table.Tr key={coin.id}>
                  <Table.Td>{coin.name}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatCoin(coin.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Stack>
    );
  }
  return (
    <Drawer
      opened={transactionId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={<Text fw={700}>{t('transaction.drawerTitle')}</Text>}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {body}
    </Drawer>
  );
}
