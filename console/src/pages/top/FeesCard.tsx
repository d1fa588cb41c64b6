import { SETTLED_FEE_STATUSES, type SummarizedFee } from '@coin/contract';
import { Anchor, Badge, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { merchantQueries } from '@/api/merchants';
import { QueryCard } from '@/components/QueryCard';
import { formatMonth, formatYen, tokyoMonth } from '@/format';
import { useTranslation } from '@/i18n';

// The detail (modal, paging) loads with its first opening.
const FeeDetailModal = lazy(() => import('./FeeDetailModal').then((m) => ({ default: m.FeeDetailModal })));

const isSettled = (fee: SummarizedFee) => (SETTLED_FEE_STATUSES as readonly string[]).includes(fee.status);

type FeesQuery = Parameters<typeof QueryCard<{ items: SummarizedFee[] }>>[0]['query'];

/** Monthly fees: month, amount before tax, tax, amount with tax, settled marker; a month opens its detail. */
export function FeesCard({ merchantId, merchantName }: { merchantId: number; merchantName: string }) {
  const query = useQuery(merchantQueries.summarizedTxFees(merchantId, tokyoMonth()));
  const [open, setOpen] = useState<SummarizedFee | null>(null);
  return (
    <>
      <FeesView query={query} onOpen={setOpen} />
      {open !== null && (
        <Suspense fallback={null}>
          <FeeDetailModal
            merchantId={merchantId}
            merchantName={merchantName}
            month={open.summarized_month}
            summary={open}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </>
  );
}

/** The card's states and its rows (the same three figures the detail heads with). */
export function FeesView({ query, onOpen }: { query: FeesQuery; onOpen: (fee: SummarizedFee) => void }) {
  const { t } = useTranslation();
  return (
    <QueryCard
      title={t('top.fees.title')}
      query={query}
      isEmpty={(answer) => answer.items.length === 0}
      emptyText={t('top.fees.empty')}
    >
      {(answer) => (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.month')}</Table.Th>
              <Table.Th ta="right">{t('top.fees.amount')}</Table.Th>
              <Table.Th ta="right">{t('top.fees.tax')}</Table.Th>
              <Table.Th ta="right">{t('top.fees.total')}</Table.Th>
              <Table.Th>{t('fields.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.items.map((fee) => (
              <Table.Tr key={fee.summarized_month}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    aria-label={t('feeDetail.open', { month: formatMonth(fee.summarized_month) })}
                    onClick={() => onOpen(fee)}
                  >
                    {formatMonth(fee.summarized_month)}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{formatYen(fee.amount)}</Table.Td>
                <Table.Td ta="right">{formatYen(fee.tax)}</Table.Td>
                <Table.Td ta="right">{formatYen(fee.amount + fee.tax)}</Table.Td>
                <Table.Td>
                  {isSettled(fee) && (
                    <Badge size="sm" variant="light" color="teal">
                      {t('common.settled')}
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </QueryCard>
  );
}
