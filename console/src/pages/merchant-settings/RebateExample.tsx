import type { RebateCoinSettings } from '@coin/contract';
import { rebateOf } from '@coin/contract';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';
import { ExampleCard } from './ExampleCard';
import { isAllowedRate, type RebateValues, rateBasisPoints } from './rebateForm';

/** The payment amounts the worked example shows. */
export const EXAMPLE_AMOUNTS = [500, 1_000, 10_000] as const;

/** The worked example: what each of EXAMPLE_AMOUNTS gives back at `rateBp` (the contract's rounding). */
export const rebateExamples = (rateBp: number) =>
  EXAMPLE_AMOUNTS.map((amount) => ({ amount, rebate: rebateOf(amount, rateBp) }));

/** What a few payments give back at the rate as typed; it follows every keystroke. */
export default function RebateExample({ settings, values }: { settings: RebateCoinSettings; values: RebateValues }) {
  const { t } = useTranslation();
  const coin = settings.coins.find((candidate) => String(candidate.id) === values.coinId);
  const bp = rateBasisPoints(values.rate);
  let body: ReactNode;
  if (!coin) {
    body = <Text size="sm">{t('rebateCoin.example.none')}</Text>;
  } else if (bp === null || bp === 0 || !isAllowedRate(bp, settings)) {
    body = (
      <Text size="sm" c="dimmed">
        {t('rebateCoin.example.invalid')}
      </Text>
    );
  } else {
    body = (
      <Stack gap={6}>
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {rebateExamples(bp).map(({ amount, rebate }) => (
            <Text component="li" key={amount} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('rebateCoin.example.line', {
                amount: formatCoin(amount),
                rebate: formatCoin(rebate),
                coin: coin.name,
              })}
            </Text>
          ))}
        </Stack>
        <Text size="xs" c="dimmed">
          {t('rebateCoin.example.rounding')}
        </Text>
      </Stack>
    );
  }
  return <ExampleCard>{body}</ExampleCard>;
}
