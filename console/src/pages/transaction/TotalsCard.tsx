import '@mantine/core/styles/Card.css';
import { daysBetween, TRANSACTION_TOTALS_MAX_DAYS, type TransactionTotals } from '@coin/contract';
import { Text } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { transactionTotalsQuery } from '@/api/transactionTotals';
import { type Column, RowsTable } from '@/components/ListTable';
import { QueryCard } from '@/components/QueryCard';
import { DATE_FORMAT, formatCoin, formatDay } from '@/format';
import { useTranslation } from '@/i18n';
import { SignedAmount } from './columns';

type TotalsQuery = Pick<
  UseQueryResult<TransactionTotals>,
  'data' | 'error' | 'isPending' | 'isError' | 'refetch' | 'isFetching'
>;

/** Whether the server would refuse the period as longer than the totals take (it answers 400 with the same words). */
export const totalsPeriodTooLong = (from: string, to: string) =>
  daysBetween(from, to) + 1 > TRANSACTION_TOTALS_MAX_DAYS;

/** Entries per type and coin of the page's period, beside the period of the same length just before it. */
export function TotalsCard({ walletNo, from, to }: { walletNo: string; from: string; to: string }) {
  const tooLong = totalsPeriodTooLong(from, to);
  const query = useQuery({
    ...transactionTotalsQuery(walletNo, { start_date: from, end_date: to }),
    enabled: !tooLong,
  });
  return <TotalsView query={query} tooLong={tooLong} />;
}

type TotalsItem = TransactionTotals['items'][number];

const day = (date: string) => formatDay(date, DATE_FORMAT);

/**
 * The card's states (loading, failed, empty) and its figures; for a period longer than the totals take
 * (`tooLong`: the list still shows it), the limit in place of figures, the query not sent.
 */
export function TotalsView({ query, tooLong = false }: { query: TotalsQuery; tooLong?: boolean }) {
  const { t } = useTranslation();
  // The shared table: on a phone each row is a card with the type and this period's figures first.
  const columns = useMemo<Column<TotalsItem>[]>(
    () => [
      {
        key: 'type',
        mobile: 'primary',
        header: t('transaction.totals.type'),
        render: (item) => t(`transactionTypes.${item.type}`),
      },
      // On a phone the coin is read first too: the cards of one type differ by it.
      { key: 'coin', mobile: 'primary', header: t('transaction.totals.coin'), render: (item) => item.coin_name },
      {
        key: 'count',
        mobile: 'primary',
        header: t('transaction.totals.count'),
        align: 'right',
        render: (item) => formatCoin(item.count),
      },
      {
        key: 'amount',
        mobile: 'primary',
        header: t('transaction.totals.amount'),
        align: 'right',
        render: (item) => <SignedAmount amount={item.amount} />,
      },
      {
        key: 'previousCount',
        header: t('transaction.totals.previousCount'),
        align: 'right',
        render: (item) => formatCoin(item.previous_count),
      },
      {
        key: 'previousAmount',
        header: t('transaction.totals.previousAmount'),
        align: 'right',
        render: (item) => <SignedAmount amount={item.previous_amount} />,
      },
    ],
    [t],
  );
  return (
    <QueryCard
      title={t('transaction.totals.title')}
      // A query that is not sent stays pending: settled here, with nothing to show but the limit.
      query={tooLong ? { ...query, isPending: false, isError: false, data: undefined } : query}
      isEmpty={(answer) => tooLong || answer.items.length === 0}
      emptyText={
        tooLong ? t('transaction.totals.tooLong', { days: TRANSACTION_TOTALS_MAX_DAYS }) : t('transaction.totals.empty')
      }
    >
      {(answer) => (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            {t('transaction.totals.caption', {
              from: day(answer.start_date),
              to: day(answer.end_date),
              previousFrom: day(answer.previous_start_date),
              previousTo: day(answer.previous_end_date),
            })}
          </Text>
          <RowsTable
            label={t('transaction.totals.title')}
            columns={columns}
            rows={answer.items}
            rowKey={(item) => `${item.type}-${item.coin_id}`}
          />
        </>
      )}
    </QueryCard>
  );
}
