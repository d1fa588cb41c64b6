import type { CallResponse } from '@coin/contract';
import { Anchor, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { walletQueries } from '@/api/wallets';
import { CardSkeleton } from '@/components/CardSkeleton';
import { QueryCard } from '@/components/QueryCard';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import { PLACEHOLDER_ROWS } from './placeholderRows';

type RequestedRefunds = CallResponse<'listRequestedRefunds'>;
type RefundsQuery = Parameters<typeof QueryCard<RequestedRefunds>>[0]['query'];

/** The usual number of coins with refunds waiting, for the loading placeholder. */
const PLACEHOLDER: RequestedRefunds = {
  items: Array.from({ length: PLACEHOLDER_ROWS.refunds }, (_, i) => ({ id: i, name: '—', amount: 0 })),
};

/** Refunds still requested: the amount per coin (a total of applications, not one application each). */
export function RefundsCard({ walletNo }: { walletNo: string }) {
  const query = useQuery(walletQueries.requestedRefunds(walletNo));
  return <RefundsView query={query} />;
}

/** The card's states and rows; the link to the refund applications shows in every state. */
export function RefundsView({ query }: { query: RefundsQuery }) {
  const { t } = useTranslation();
  return (
    <QueryCard
      title={t('top.refunds.title')}
      query={query}
      isEmpty={(answer) => answer.items.length === 0}
      emptyText={t('top.refunds.empty')}
      toolbar={
        <Text size="sm" c="dimmed" mb="xs">
          {t('top.refunds.description')}{' '}
          <Anchor renderRoot={(props) => <AppLink {...props} to="/refund" />} size="sm" underline="always">
            {t('top.refunds.link')}
          </Anchor>
        </Text>
      }
      skeleton={
        <CardSkeleton>
          <RefundsTable answer={PLACEHOLDER} />
        </CardSkeleton>
      }
    >
      {(answer) => <RefundsTable answer={answer} />}
    </QueryCard>
  );
}

/** A row per coin: the coin and the amount of its refunds waiting. */
function RefundsTable({ answer }: { answer: RequestedRefunds }) {
  const { t } = useTranslation();
  return (
    <Table striped aria-label={t('top.refunds.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('top.refunds.coin')}</Table.Th>
          <Table.Th ta="right">{t('top.refunds.amount')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {answer.items.map((coin) => (
          <Table.Tr key={coin.id}>
            <Table.Td>{coin.name}</Table.Td>
            <Table.Td ta="right">{formatCoin(coin.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
