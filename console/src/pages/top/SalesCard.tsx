import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { merchantQueries } from '@/api/merchants';
import { CardSkeleton } from '@/components/CardSkeleton';
import { QueryCard } from '@/components/QueryCard';
import { formatYen, lastTokyoDays } from '@/format';
import { useTranslation } from '@/i18n';
import { dailySeries, SALES_CHART_BLOCK_HEIGHT } from './sales';

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
      skeleton={
        <CardSkeleton>
          <SalesTotal total={0} chart={null} />
        </CardSkeleton>
      }
    >
      {(answer) => {
        const series = dailySeries(days, answer.items);
        return (
          <SalesTotal
            total={series.reduce((sum, day) => sum + day.amount, 0)}
            chart={
              <Suspense fallback={<Skeleton height={SALES_CHART_BLOCK_HEIGHT} />}>
                <SalesChart series={series} />
              </Suspense>
            }
          />
        );
      }}
    </QueryCard>
  );
}

/** The period's total over the chart; without a chart (the loading placeholder), the chart's room. */
function SalesTotal({ total, chart }: { total: number; chart: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        {t('top.sales.total', { amount: formatYen(total) })}
      </Text>
      {chart ?? <div style={{ height: SALES_CHART_BLOCK_HEIGHT }} />}
    </Stack>
  );
}
