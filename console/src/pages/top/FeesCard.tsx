import { SETTLED_FEE_STATUSES, type SummarizedFee } from '@coin/contract';
import { Anchor, Badge, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { merchantQueries } from '@/api/merchants';
import { QueryCard } from '@/components/QueryCard';
import { formatMonth, formatYen, tokyoMonth } from '@/format';
import { useTranslation } from '@/i18n';
import { CardSkeleton, PLACEHOLDER_ROWS } from './CardSkeleton';

// The detail (modal, paging) loads with its first opening.
const FeeDetailModal = lazy(() => import('./FeeDetailModal').then((m) => ({ default: m.FeeDetailModal })));

const isSettled = (fee: SummarizedFee) => (SETTLED_FEE_STATUSES as readonly string[]).includes(fee.status);

type FeesQuery = Parameters<typeof QueryCard<{ items: SummarizedFee[] }>>[0]['query'];

/**
 * Twelve months, for the loading placeholder: figures as wide as a month's usually are, and months
 * of one and of two digits as in any twelve months in a row (on a phone a table's cells wrap, and a
 * row's height follows its widest cell).
 */
const PLACEHOLDER: SummarizedFee[] = Array.from({ length: PLACEHOLDER_ROWS.fees }, (_, i) => ({
  summarized_month: `2000${String(12 - i).padStart(2, '0')}`,
  amount: 88_888,
  tax: 8_888,
  status: SETTLED_FEE_STATUSES[0],
}));

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
      skeleton={
        <CardSkeleton>
          <FeesTable fees={PLACEHOLDER} onOpen={() => {}} />
        </CardSkeleton>
      }
    >
      {(answer) => <FeesTable fees={answer.items} onOpen={onOpen} />}
    </QueryCard>
  );
}

/** A row per month: before tax, tax, with tax and the settled marker; the month opens its detail. */
function FeesTable({ fees, onOpen }: { fees: SummarizedFee[]; onOpen: (fee: SummarizedFee) => void }) {
  const { t } = useTranslation();
  return (
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
        {fees.map((fee) => (
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
  );
}
