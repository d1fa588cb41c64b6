import type { GroupPayoutTotal } from '@coin/contract';
import { Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { SCROLL_BY_KEYBOARD } from '@/components/ListTable';
import { QueryCard } from '@/components/QueryCard';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';
import { type GroupTotalsRow, groupTotalsRow } from './payoutView';

type GroupAnswer = { merchants: GroupPayoutTotal[] };

/** The figures of a totals row, in the order of the table's columns. */
const FIGURES = [
  'count',
  'gross_amount',
  'fee',
  'transfer_fee',
  'net_amount',
] as const satisfies readonly (keyof GroupTotalsRow)[];

/** A totals row's count and amounts, right-aligned. */
function FigureCells({ row }: { row: GroupTotalsRow }) {
  return (
    <>
      {FIGURES.map((figure) => (
        <Table.Td key={figure} ta="right">
          {formatCoin(row[figure])}
        </Table.Td>
      ))}
    </>
  );
}

/** Per merchant of the group over the whole period, with a 合計 row. */
export function GroupTotalsCard({
  query,
}: {
  query: Pick<UseQueryResult<GroupAnswer>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch' | 'isFetching'>;
}) {
  const { t } = useTranslation();
  return (
    <QueryCard
      title={t('withdrawal.group.totalsTitle')}
      query={query}
      isEmpty={(answer) => answer.merchants.length === 0}
      emptyText={t('withdrawal.group.totalsEmpty')}
    >
      {({ merchants }) => (
        <Stack gap="xs">
          <Table.ScrollContainer minWidth={640} scrollAreaProps={SCROLL_BY_KEYBOARD}>
            <Table
              striped
              aria-label={t('withdrawal.group.totalsLabel')}
              verticalSpacing="xs"
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('withdrawal.fields.merchant')}</Table.Th>
                  <Table.Th ta="right">{t('withdrawal.fields.count')}</Table.Th>
                  <Table.Th ta="right">{t('withdrawal.fields.gross')}</Table.Th>
                  <Table.Th ta="right">{t('withdrawal.fields.fee')}</Table.Th>
                  <Table.Th ta="right">{t('withdrawal.fields.transferFee')}</Table.Th>
                  <Table.Th ta="right">{t('withdrawal.fields.net')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {merchants.map((merchant) => (
                  <Table.Tr key={merchant.merchant_id}>
                    <Table.Td>{merchant.merchant_name}</Table.Td>
                    <FigureCells row={merchant} />
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Th scope="row">{t('common.total')}</Table.Th>
                  <FigureCells row={groupTotalsRow(merchants)} />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed">
            {t('withdrawal.group.totalsNote')}
          </Text>
        </Stack>
      )}
    </QueryCard>
  );
}
