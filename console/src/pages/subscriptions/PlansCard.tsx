import { SUBSCRIPTION_STATUSES, type SubscriptionPlan } from '@coin/contract';
import { Badge, Box, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type CSSProperties, useId } from 'react';
import { QueryCard } from '@/components/QueryCard';
import { formatCoin, formatMonth } from '@/format';
import { useTranslation } from '@/i18n';
import {
  type Period,
  revenueRows,
  revenueTotal,
  SUBSCRIPTION_STATUS_COLORS,
  subscriptionCycleKey,
  subscriptionStatusKey,
} from './subscriptionView';

type PlansAnswer = { plans: SubscriptionPlan[] };

/** A month (2026年10月) or a figure on one line; headings may wrap on a narrow screen. */
const NO_WRAP: CSSProperties = { whiteSpace: 'nowrap' };
const STICKY_FOOT: CSSProperties = { position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)' };

const PLAN_GRID: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 420px), 1fr))',
  gap: 'var(--mantine-spacing-md)',
};

/** One month's charges and revenue, right-aligned. */
function RevenueCells({ row }: { row: { count: number; amount: number } }) {
  return (
    <>
      <Table.Td ta="right" style={NO_WRAP}>
        {formatCoin(row.count)}
      </Table.Td>
      <Table.Td ta="right" style={NO_WRAP}>
        {formatCoin(row.amount)}
      </Table.Td>
    </>
  );
}

/** A plan: its price and cycle, its subscribers by status, and its revenue by month of the period. */
function PlanPanel({ plan, period }: { plan: SubscriptionPlan; period: Period | null }) {
  const { t } = useTranslation();
  const headingId = useId();
  const rows = revenueRows(plan.monthly_revenue, period);
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={3} size="h5" id={headingId}>
            {plan.name}
          </Title>
          <Text size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {t('subscriptions.plans.price', {
              price: formatCoin(plan.price),
              coin: plan.coin_name,
              cycle: t(subscriptionCycleKey(plan.cycle)),
            })}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('subscriptions.plans.subscribers')}
          </Text>
          {SUBSCRIPTION_STATUSES.map((status) => (
            <Badge key={status} variant="light" size="md" color={SUBSCRIPTION_STATUS_COLORS[status]}>
              {t('subscriptions.plans.statusCount', {
                status: t(subscriptionStatusKey(status)),
                people: formatCoin(plan.subscriber_counts[status]),
              })}
            </Badge>
          ))}
        </Group>
        {/* A long period makes a long table: it scrolls inside the panel, its heading and total stay in view. */}
        {/* Focusable, so the keyboard can scroll it. */}
        <Box
          mah={360}
          style={{ overflowY: 'auto' }}
          tabIndex={0}
          role="region"
          aria-label={t('subscriptions.plans.revenueLabel', { plan: plan.name })}
        >
          <Table
            striped
            verticalSpacing={4}
            aria-label={t('subscriptions.plans.revenueLabel', { plan: plan.name })}
            stickyHeader
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('subscriptions.plans.month')}</Table.Th>
                <Table.Th ta="right">{t('subscriptions.plans.charges')}</Table.Th>
                <Table.Th ta="right">{t('subscriptions.plans.amount', { coin: plan.coin_name })}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.month}>
                  <Table.Td style={NO_WRAP}>{formatMonth(row.month)}</Table.Td>
                  <RevenueCells row={row} />
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot style={STICKY_FOOT}>
              <Table.Tr fw={700}>
                <Table.Th scope="row">{t('common.total')}</Table.Th>
                <RevenueCells row={revenueTotal(rows)} />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Box>
      </Stack>
    </Paper>
  );
}

/** The merchant's plans, side by side, each with its revenue in the months of the period. */
export function PlansCard({
  query,
  period,
}: {
  query: Pick<UseQueryResult<PlansAnswer>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch' | 'isFetching'>;
  /** The period the answer is for; null while the previous period's answer is shown. */
  period: Period | null;
}) {
  const { t } = useTranslation();
  return (
    <QueryCard
      title={t('subscriptions.plans.title')}
      query={query}
      isEmpty={(answer) => answer.plans.length === 0}
      emptyText={t('subscriptions.plans.empty')}
    >
      {({ plans }) => (
        <Stack gap="sm">
          {/* As many plans side by side as fit (a plain CSS grid: the page's chunk stays within its budget). */}
          <Box style={PLAN_GRID}>
            {plans.map((plan) => (
              <PlanPanel key={plan.id} plan={plan} period={period} />
            ))}
          </Box>
          <Text size="xs" c="dimmed">
            {t('subscriptions.plans.revenueNote')}
          </Text>
        </Stack>
      )}
    </QueryCard>
  );
}
