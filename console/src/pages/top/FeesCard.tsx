import { type FeeInvoice, SETTLED_FEE_STATUSES, type SummarizedFee } from '@coin/contract';
import { ActionIcon, Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { feeInvoiceStateOf } from '@/api/feeInvoiceState';
import { merchantQueries } from '@/api/merchants';
import { CardSkeleton } from '@/components/CardSkeleton';
import { QueryCard } from '@/components/QueryCard';
import { formatMonth, formatYen, tokyoMonth } from '@/format';
import { useTranslation } from '@/i18n';
import { CorrectedBadge, FeeInvoiceCell, useFeeInvoices } from './FeeInvoiceDownloads';
import classes from './FeesCard.module.css';
import { PLACEHOLDER_ROWS } from './placeholderRows';

// The detail (modal, paging) loads with its first opening.
const FeeDetailModal = lazy(() => import('./FeeDetailModal').then((m) => ({ default: m.FeeDetailModal })));

const isSettled = (fee: SummarizedFee) => (SETTLED_FEE_STATUSES as readonly string[]).includes(fee.status);

type FeesQuery = Parameters<typeof QueryCard<{ items: SummarizedFee[] }>>[0]['query'];

/** The months shown at first, for the loading placeholder: figures as wide as a month's usually are. */
const PLACEHOLDER: SummarizedFee[] = Array.from({ length: PLACEHOLDER_ROWS.fees }, (_, i) => ({
  summarized_month: `2000${String(12 - i).padStart(2, '0')}`,
  amount: 88_888,
  tax: 8_888,
  status: SETTLED_FEE_STATUSES[0],
}));

/**
 * Monthly fees: month, amount before tax, tax, amount with tax, settled marker and the month's invoice
 * (PDF); a month opens its detail.
 */
export function FeesCard({ merchantId, merchantName }: { merchantId: number; merchantName: string }) {
  const query = useQuery(merchantQueries.summarizedTxFees(merchantId, tokyoMonth()));
  const invoices = useFeeInvoices(merchantId);
  const [open, setOpen] = useState<SummarizedFee | null>(null);
  return (
    <>
      <FeesView query={query} onOpen={setOpen} invoice={{ merchantId, invoices }} />
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

/** What the rows need for their invoice downloads: the merchant and the invoices issued (undefined: not known). */
export interface FeeRowsInvoices {
  merchantId: number;
  invoices: readonly FeeInvoice[] | undefined;
}

/** The card's states and its rows (the same three figures the detail heads with, and the month's invoice). */
export function FeesView({
  query,
  onOpen,
  invoice,
}: {
  query: FeesQuery;
  onOpen: (fee: SummarizedFee) => void;
  invoice: FeeRowsInvoices;
}) {
  const { t } = useTranslation();
  const invoiceOf = (fee: SummarizedFee) => (
    <FeeInvoiceCell merchantId={invoice.merchantId} month={fee.summarized_month} />
  );
  const isCorrected = (fee: SummarizedFee) =>
    feeInvoiceStateOf(invoice.invoices ?? [], fee.summarized_month).originals.length > 0;
  return (
    <QueryCard
      title={t('top.fees.title')}
      query={query}
      isEmpty={(answer) => answer.items.length === 0}
      emptyText={t('top.fees.empty')}
      skeleton={
        <CardSkeleton>
          <FeesTable fees={PLACEHOLDER} onOpen={() => {}} invoiceOf={placeholderInvoice} isCorrected={() => false} />
        </CardSkeleton>
      }
    >
      {(answer) => <FeesTable fees={answer.items} onOpen={onOpen} invoiceOf={invoiceOf} isCorrected={isCorrected} />}
    </QueryCard>
  );
}

/** The invoice cell while the card loads: a button as high as the real one (the sketch is hidden and inert). */
const placeholderInvoice = () => <ActionIcon variant="default" size="md" tabIndex={-1} />;

/** Months shown at first; the rest of the twelve are a tap away. */
export const FEE_MONTHS_SHOWN = 6;

/**
 * A row per month: before tax, tax, with tax, the settled marker and the invoice (an icon: the card is
 * narrow); the month opens its detail, and says 訂正済み when its invoice was corrected: beside the month on a
 * phone, under it on a wider screen (FeesCard.module.css). On a phone the row
 * keeps month, with tax and the marker on one line (the detail has the other figures and the invoice).
 */
function FeesTable({
  fees,
  onOpen,
  invoiceOf,
  isCorrected,
}: {
  fees: SummarizedFee[];
  onOpen: (fee: SummarizedFee) => void;
  invoiceOf: (fee: SummarizedFee) => ReactNode;
  /** The month's invoice was replaced by a corrected one (訂正済み beside the month). */
  isCorrected: (fee: SummarizedFee) => boolean;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? fees : fees.slice(0, FEE_MONTHS_SHOWN);
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <Stack gap="xs">
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={nowrap}>{t('fields.month')}</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              {t('top.fees.amount')}
            </Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              {t('top.fees.tax')}
            </Table.Th>
            <Table.Th ta="right">{t('top.fees.total')}</Table.Th>
            <Table.Th style={nowrap}>{t('fields.status')}</Table.Th>
            <Table.Th style={nowrap} visibleFrom="sm">
              {t('documents.feeInvoice.column')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((fee) => (
            <Table.Tr key={fee.summarized_month}>
              <Table.Td>
                <div className={classes.month}>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    aria-label={t('feeDetail.open', { month: formatMonth(fee.summarized_month) })}
                    onClick={() => onOpen(fee)}
                  >
                    {formatMonth(fee.summarized_month)}
                  </Anchor>
                  {isCorrected(fee) && <CorrectedBadge />}
                </div>
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm" style={nowrap}>
                {formatYen(fee.amount)}
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm" style={nowrap}>
                {formatYen(fee.tax)}
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {formatYen(fee.amount + fee.tax)}
              </Table.Td>
              <Table.Td style={nowrap}>
                {isSettled(fee) ? (
                  <Badge size="sm" variant="light" color="teal" style={{ flexShrink: 0, overflow: 'visible' }}>
                    {t('common.settled')}
                  </Badge>
                ) : (
                  <Text span size="xs" c="dimmed">
                    {t('top.fees.unsettled')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td visibleFrom="sm" ta="center">
                {invoiceOf(fee)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {fees.length > FEE_MONTHS_SHOWN && (
        <Anchor component="button" type="button" size="sm" onClick={() => setAll((shownAll) => !shownAll)}>
          {all ? t('top.fees.showRecent', { count: FEE_MONTHS_SHOWN }) : t('top.fees.showAll', { count: fees.length })}
        </Anchor>
      )}
    </Stack>
  );
}
