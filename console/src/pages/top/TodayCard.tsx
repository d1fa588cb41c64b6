import type { SalesSummary } from '@coin/contract';
import { Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { merchantQueries } from '@/api/merchants';
import { CardSkeleton, PLACEHOLDER_INSTANT } from '@/components/CardSkeleton';
import { Disclosure } from '@/components/Disclosure';
import { QueryCard } from '@/components/QueryCard';
import { formatCoin, formatYen } from '@/format';
import { useTranslation } from '@/i18n';
import { type Change, changeOf, coinLines } from './todaySales';

/**
 * How a figure compares with the same stretch before, on two lines of their own (the card keeps one
 * height whatever the figures): 「先週の同じ曜日 ￥10,000」, then 12%増 (green), 8%減 (red), 横ばい, or nothing.
 */
function ChangeText({ change, before, label }: { change: Change; before: string; label: string }) {
  const { t } = useTranslation();
  const color = change.kind === 'up' ? 'teal.9' : change.kind === 'down' ? 'red.9' : 'dimmed';
  const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
  return (
    <>
      <Text size="xs" c="dimmed" style={oneLine}>
        {t('top.today.before', { label, value: before })}
      </Text>
      <Text size="xs" fw={700} c={color} style={oneLine}>
        {change.kind === 'none'
          ? '\u00a0'
          : change.kind === 'same'
            ? t('top.today.same')
            : t(`top.today.${change.kind}`, { percent: change.percent })}
      </Text>
    </>
  );
}

interface Tile {
  key: string;
  label: string;
  value: string;
  change: Change;
  before: string;
  beforeLabel: string;
}

/** One figure: its name, the value large, the comparison under it. */
function Figure({ tile }: { tile: Tile }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {tile.label}
      </Text>
      <Text fw={700} fz={{ base: 'xl', sm: 26 }} lh={1.2} style={{ whiteSpace: 'nowrap' }}>
        {tile.value}
      </Text>
      <ChangeText change={tile.change} before={tile.before} label={tile.beforeLabel} />
    </Stack>
  );
}

function tilesOf(summary: SalesSummary, t: ReturnType<typeof useTranslation>['t']): Tile[] {
  const lastWeek = t('top.today.lastWeek');
  const count = (n: number) => t('top.today.countValue', { count: n });
  const average = (n: number | null) => (n === null ? '—' : formatYen(n));
  return [
    {
      key: 'sales',
      label: t('top.today.sales'),
      value: formatYen(summary.today.amount),
      change: changeOf(summary.today.amount, summary.same_day_last_week.amount),
      before: formatYen(summary.same_day_last_week.amount),
      beforeLabel: lastWeek,
    },
    {
      key: 'count',
      label: t('top.today.count'),
      value: count(summary.today.count),
      change: changeOf(summary.today.count, summary.same_day_last_week.count),
      before: count(summary.same_day_last_week.count),
      beforeLabel: lastWeek,
    },
    {
      key: 'average',
      label: t('top.today.average'),
      value: average(summary.today.average),
      change: changeOf(summary.today.average, summary.same_day_last_week.average),
      before: average(summary.same_day_last_week.average),
      beforeLabel: lastWeek,
    },
    {
      key: 'month',
      label: t('top.today.month'),
      value: formatYen(summary.month.amount),
      change: changeOf(summary.month.amount, summary.same_days_last_month.amount),
      before: formatYen(summary.same_days_last_month.amount),
      beforeLabel: t('top.today.lastMonth'),
    },
  ];
}

/** Today's and this month's sales per coin (one coin's amounts: figures, no ￥), behind a disclosure button. */
function CoinBreakdown({ summary }: { summary: SalesSummary }) {
  const { t } = useTranslation();
  const lines = coinLines(summary);
  return (
    <Stack gap="xs">
      <Disclosure showLabel={t('top.today.showCoins')} hideLabel={t('top.today.hideCoins')}>
        {lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('top.today.noCoins')}
          </Text>
        ) : (
          <Table aria-label={t('top.today.coinsLabel')} fz="sm" withRowBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('top.today.coin')}</Table.Th>
                <Table.Th ta="right">{t('top.today.sales')}</Table.Th>
                <Table.Th ta="right">{t('top.today.month')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <Table.Tr key={line.coinId}>
                  <Table.Td>{line.name}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatCoin(line.today)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatCoin(line.month)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Disclosure>
    </Stack>
  );
}

type SummaryQuery = Pick<
  UseQueryResult<SalesSummary>,
  'data' | 'error' | 'isPending' | 'isError' | 'refetch' | 'isFetching'
>;

const PLACEHOLDER_FIGURE = {
  amount: 88_888,
  count: 88,
  average: 8_888,
  coins: [{ coin_id: 1, coin_name: '—', amount: 88_888, count: 88 }],
  span: { from: PLACEHOLDER_INSTANT, to: PLACEHOLDER_INSTANT },
};
/** A summary of the usual width, for the loading placeholder (the card keeps its height as it loads). */
const PLACEHOLDER: SalesSummary = {
  as_of: PLACEHOLDER_INSTANT,
  today: PLACEHOLDER_FIGURE,
  same_day_last_week: PLACEHOLDER_FIGURE,
  month: PLACEHOLDER_FIGURE,
  same_days_last_month: PLACEHOLDER_FIGURE,
};

/**
 * The four figures, the breakdown button and the note. As the loading placeholder (`placeholder`), the
 * figures and the button are sketched from the placeholder answer under skeletons, and the note, which
 * does not depend on the answer, is shown as it will stay.
 */
function TodayBody({ summary, placeholder = false }: { summary: SalesSummary; placeholder?: boolean }) {
  const { t } = useTranslation();
  const sketched = (content: ReactNode) => (placeholder ? <CardSkeleton>{content}</CardSkeleton> : content);
  return (
    <Stack gap="md">
      {sketched(
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg" verticalSpacing="md">
          {tilesOf(summary, t).map((tile) => (
            <Figure key={tile.key} tile={tile} />
          ))}
        </SimpleGrid>,
      )}
      <Group justify="space-between" align="flex-start" gap="xs">
        {sketched(<CoinBreakdown summary={summary} />)}
        <Text size="xs" c="dimmed">
          {t('top.today.note')}
        </Text>
      </Group>
    </Stack>
  );
}

/** The card's content for its query's states. */
export function TodayView({ query }: { query: SummaryQuery }) {
  const { t } = useTranslation();
  return (
    <QueryCard
      title={t('top.today.title')}
      query={query}
      isEmpty={() => false}
      emptyText=""
      skeleton={<TodayBody summary={PLACEHOLDER} placeholder />}
    >
      {(summary) => <TodayBody summary={summary} />}
    </QueryCard>
  );
}

/** First on Top: today's sales, count and average ticket, and this month's so far, each against before. */
export function TodayCard({ merchantId }: { merchantId: number }) {
  return <TodayView query={useQuery(merchantQueries.salesSummary(merchantId))} />;
}
