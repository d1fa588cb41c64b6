import { Stack, Text } from '@mantine/core';
import { formatCoin } from '@/format';

/** A list cell's amount with its coin's name under it, small and dimmed. */
export function CoinAmount({ amount, coin }: { amount: number; coin: string }) {
  return (
    <Stack gap={0}>
      <Text span size="sm">
        {formatCoin(amount)}
      </Text>
      <Text span size="xs" c="dimmed">
        {coin}
      </Text>
    </Stack>
  );
}
