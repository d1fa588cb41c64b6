import type { GroupPayoutTotal } from '@coin/contract';
import { Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CardSkeleton } from '@/components/CardSkeleton';
import { type Column, RowsTable } from '@/components/ListTable';
import { QueryCard } from '@/components/QueryCard';
import { formatCoin } from '@/format';
import { type TranslationKey, useTranslation } from '@/i18n';
import { type GroupTotalsRow, groupTotalsRow } from './payoutView';

type GroupAnswer = { merchants: GroupPayoutTotal[] };

/** A line of the table: a merchant's totals, or the group's (merchant_id null, named 合計). */
type TotalsLine = GroupTotalsRow & { merchant_id: number | null; merchant_name: string };

/** The figures of a totals row, in the order of the table's columns, with their headers. */
const FIGURES = [
  ['count', 'withdrawal.fields.count'],
  ['gross_amount', 'withdrawal.fields.gross'],
  ['fee', 'withdrawal.fields.fee'],
  ['transfer_fee', 'withdrawal.fields.transferFee'],
  ['net_amount', 'withdrawal.fields.net'],
] as const satisfies readonly (readonly [keyof GroupTotalsRow, TranslationKey])[];

/** The table of the merchants' totals with the group's, and its note. */
function GroupTotalsBody({ merchants, columns }: { merchants: GroupPayoutTotal[]; columns: Column<TotalsLine>[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <RowsTable
        label={t('withdrawal.group.totalsLabel')}
        columns={columns}
        rows={merchants}
        rowKey={(row) => row.merchant_id ?? 'total'}
        footer={{ merchant_id: null, merchant_name: t('common.total'), ...groupTotalsRow(merchants) }}
      />
      <Text size="xs" c="dimmed">
        {t('withdrawal.group.totalsNote')}
      </Text>
    </Stack>
  );
}

/** A group of two shops, drawn under the loading skeleton so the card keeps about its height as it loads. */
const PLACEHOLDER: GroupPayoutTotal[] = [1, 2].map((merchant_id) => ({
  merchant_id,
  merchant_name: '—',
  count: 8,
  gross_amount: 88_888,
  fee: 888,
  transfer_fee: 888,
  net_amount: 88_888,
}));

/** Per merchant of the group over the whole period, with a 合計 row. */
export function GroupTotalsCard({
  query,
}: {
  query: Pick<UseQueryResult<GroupAnswer>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch' | 'isFetching'>;
}) {
  const { t } = useTranslation();
  const columns = useMemo<Column<TotalsLine>[]>(
    () => [
      {
        key: 'merchant',
        header: t('withdrawal.fields.merchant'),
        mobile: 'primary',
        render: (row) => row.merchant_name,
      },
      ...FIGURES.map(
        ([figure, header]): Column<TotalsLine> => ({
          key: figure,
          header: t(header),
          align: 'right',
          // On a phone the merchant and its net amount head each card.
          mobile: figure === 'net_amount' ? 'primary' : undefined,
          render: (row) => formatCoin(row[figure]),
        }),
      ),
    ],
    [t],
  );
  return (
    <QueryCard
      title={t('withdrawal.group.totalsTitle')}
      query={query}
      isEmpty={(answer) => answer.merchants.length === 0}
      emptyText={t('withdrawal.group.totalsEmpty')}
      skeleton={
        <CardSkeleton>
          <GroupTotalsBody merchants={PLACEHOLDER} columns={columns} />
        </CardSkeleton>
      }
    >
      {({ merchants }) => <GroupTotalsBody merchants={merchants} columns={columns} />}
    </QueryCard>
  );
}
