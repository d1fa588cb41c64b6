import { FLAG_YES } from '@coin/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { walletQueries } from '@/api/wallets';
import { QueryCard } from '@/components/QueryCard';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';

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
    >
      {(wallet) => (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {wallet.balances.map((coin) => (
            <Group key={coin.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2}>
                <Text fw={500}>{coin.name}</Text>
                <Group gap={4}>
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
                </Group>
              </Stack>
              <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatCoin(coin.amount)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </QueryCard>
  );
}
