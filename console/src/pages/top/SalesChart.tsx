import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatDay, formatYen } from '@/format';
import type { DailyPoint } from './sales';

/** The 30-day bar chart (recharts through @mantine/charts), in its own chunk. */
export default function SalesChart({ series }: { series: DailyPoint[] }) {
  const { t } = useTranslation();
  const data = series.map((point) => ({ day: formatDay(point.date, t('top.sales.dayFormat')), amount: point.amount }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="day"
      series={[{ name: 'amount', label: t('fields.sales'), color: 'teal.6' }]}
      valueFormatter={formatYen}
      tickLine="y"
      role="img"
      aria-label={t('top.sales.title')}
    />
  );
}
