import { type CallResponse, FLAG_YES } from '@coin/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { walletQueries } from '@/api/wallets';
import { CardSkeleton } from '@/components/CardSkeleton';
import { QueryCard } from '@/components/QueryCard';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';
import { PLACEHOLDER_ROWS } from './placeholderRows';

type Wallet = CallResponse<'getWallet'>;

/** A wallet of the usual number of coins, for the loading placeholder. */
const PLACEHOLDER: Wallet = {
  wallet_no: '',
  balances: Array.from({ length: PLACEHOLDER_ROWS.balances }, (_, i) => ({
    id: i,
    name: '—',
    amount: 0,
    transferable: 0,
    refundable: 0,
  })),
};

/** Balances per coin, sorted by coin id, with the transferable / refundable marks. */
export function BalancesCard({ walletNo }: { walletNo: string }) {
  const { t } = useTranslation();
  const query = useQuery(walletQueries.detail(walletNo));
  return (
    <QueryCard
      title={t('top.balances.title')}
      query={query}
      isEmpty={(wallet) => wallet.balances.length === 0}
      emptyText={t('top.balances.empty')}
      skeleton={
        <CardSkeleton>
          <BalanceList wallet={PLACEHOLDER} />
        </CardSkeleton>
      }
    >
      {(wallet) => <BalanceList wallet={wallet} />}
    </QueryCard>
  );
}

/** A line per coin: its name over its marks, its balance. */
function BalanceList({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {wallet.balances.map((coin) => (
        <Group key={coin.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={2}>
            <Text fw={500}>{coin.name}</Text>
            {/* The marks' line keeps a small badge's height (16 px) without marks too: every coin's line is as high. */}
            <Group gap={4} mih={16}>
              {coin.transferable === FLAG_YES && (
                <Badge size="xs" variant="light" color="blue">
                  {t('common.transferable')}
                </Badge>
              )}
              {coin.refundable === FLAG_YES && (
                <Badge size="xs" variant="light" color="grape">
                  {t('common.refundable')}
                </Badge>
              )}
              {/* Held for refunds still waiting: the rest is what can be spent or paid out. */}
              {(coin.held ?? 0) > 0 && (
                <Badge size="xs" variant="light" color="orange">
                  {t('top.balances.held', { amount: formatCoin(coin.held ?? 0) })}
                </Badge>
              )}
            </Group>
          </Stack>
          <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatCoin(coin.amount)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
