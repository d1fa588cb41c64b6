import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { merchantQueries } from '@/api/merchants';
import { QueryCard } from '@/components/QueryCard';
import { formatYen, lastTokyoDays } from '@/format';
import { useTranslation } from '@/i18n';
import { dailySeries } from './sales';

// The chart loads with this card, after the page itself.
const SalesChart = lazy(() => import('./SalesChart'));

const DAYS = 30;

/** Sales of the last 30 Asia/Tokyo days as a bar chart. */
export function SalesCard({ merchantId }: { merchantId: number }) {
  const { t } = useTranslation();
  const days = useMemo(() => lastTokyoDays(DAYS), []);
  const period = { start_date: days[0] ?? '', end_date: days[days.length - 1] ?? '' };
  const query = useQuery(merchantQueries.dailySales(merchantId, period));
  return (
    <QueryCard
      title={t('top.sales.title')}
      query={query}
      isEmpty={(answer) => answer.items.every((day) => day.amount === 0)}
      emptyText={t('top.sales.empty')}
    >
      {(answer) => {
        const series = dailySeries(days, answer.items);
        const total = series.reduce((sum, day) => sum + day.amount, 0);
        return (
          <Stack gap="sm">
            <Text size="sm" fw={500}>
              {t('top.sales.total', { amount: formatYen(total) })}
            </Text>
            <Suspense fallback={<Skeleton height={220} />}>
              <SalesChart series={series} />
            </Suspense>
          </Stack>
        );
      }}
    </QueryCard>
  );
}
