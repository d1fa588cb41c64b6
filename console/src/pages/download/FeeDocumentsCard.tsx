import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import type { FeeInvoice } from '@coin/contract';
import { Badge, Loader, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { documentFallbackNames, documentKeys, documentQueries, openDocument, openFeeInvoice } from '@/api/documents';
import { monthsBefore } from '@/api/feeInvoiceState';
import { PdfDownload } from '@/components/PdfDownload';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { TableScroll } from '@/components/TableScroll';
import { formatDate, formatMonth, formatYen, tokyoMonth } from '@/format';
import { useTranslation } from '@/i18n';

/** The closed months a fee invoice can be had for: the twelve before this one. */
export const INVOICE_MONTHS = 12;

/**
 * 請求書・明細書 of the report centre: a closed month's fee invoice (issued by the download when not yet,
 * corrected when its fees changed), and the invoices issued in the last twelve months, each by its number
 * with whether it corrects one or was corrected.
 */
export function FeeDocumentsCard({ merchantId }: { merchantId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const currentMonth = tokyoMonth();
  const months = monthsBefore(currentMonth, INVOICE_MONTHS);
  const [month, setMonth] = useState(months[0] ?? '');
  const queryClient = useQueryClient();
  const reread = () => void queryClient.invalidateQueries({ queryKey: documentKeys.all });
  return (
    <Paper withBorder radius="md" p="lg" maw={720} component="section" aria-labelledby={headingId}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={2} size="h3" id={headingId}>
            {t('documents.centre.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('documents.centre.lead')}
          </Text>
        </Stack>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('documents.centre.issueTitle')}
          </Title>
          <NativeSelect
            label={t('documents.centre.month')}
            data={months.map((value) => ({ value, label: formatMonth(value) }))}
            value={month}
            onChange={(event) => setMonth(event.currentTarget.value)}
            w={200}
          />
          <Text size="xs" c="dimmed">
            {t('documents.centre.issueHint')}
          </Text>
          {/* Keyed by month: the outcome shown is the chosen month's. */}
          <PdfDownload
            key={month}
            label={t('documents.centre.issue')}
            ariaLabel={t('documents.feeInvoice.downloadLabel', { month: formatMonth(month) })}
            open={(signal) => openFeeInvoice(merchantId, month, signal)}
            fallbackName={documentFallbackNames.feeInvoice(month)}
            onSaved={reread}
          />
        </Stack>
        <IssuedInvoices merchantId={merchantId} target={currentMonth} />
      </Stack>
    </Paper>
  );
}

/** The invoices issued for the twelve months up to `target`, newest first, each with its download. */
function IssuedInvoices({ merchantId, target }: { merchantId: number; target: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useQuery(documentQueries.feeInvoices(merchantId, target));
  let body: ReactNode;
  if (query.isPending) {
    body = <Loader size="sm" role="status" aria-label={t('documents.centre.loading')} aria-live="polite" />;
  } else if (query.isError) {
    body = <QueryErrorAlert query={query} />;
  } else if (query.data.items.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {t('documents.centre.empty')}
      </Text>
    );
  } else {
    body = <InvoicesTable merchantId={merchantId} invoices={query.data.items} labelledBy={titleId} />;
  }
  return (
    <Stack gap="sm">
      <Title order={3} size="h5" id={titleId}>
        {t('documents.centre.listTitle')}
      </Title>
      {body}
    </Stack>
  );
}

/** Newest month first, and within a month the latest issue first. */
const byMonthThenIssue = (a: FeeInvoice, b: FeeInvoice) =>
  b.summarized_month.localeCompare(a.summarized_month) || b.issued_at.localeCompare(a.issued_at);

export function InvoicesTable({
  merchantId,
  invoices,
  labelledBy,
}: {
  merchantId: number;
  invoices: readonly FeeInvoice[];
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <TableScroll minWidth={640} label={t('documents.centre.listTitle')}>
      <Table aria-labelledby={labelledBy} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={nowrap}>{t('documents.centre.number')}</Table.Th>
            <Table.Th style={nowrap}>{t('fields.month')}</Table.Th>
            <Table.Th style={nowrap}>{t('documents.centre.issuedAt')}</Table.Th>
            <Table.Th ta="right" style={nowrap}>
              {t('documents.centre.total')}
            </Table.Th>
            <Table.Th style={nowrap}>{t('documents.centre.state')}</Table.Th>
            <Table.Th style={nowrap}>{t('documents.centre.file')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...invoices].sort(byMonthThenIssue).map((invoice) => (
            <Table.Tr key={invoice.number}>
              <Table.Td style={{ ...nowrap, fontVariantNumeric: 'tabular-nums' }}>{invoice.number}</Table.Td>
              <Table.Td style={nowrap}>{formatMonth(invoice.summarized_month)}</Table.Td>
              <Table.Td style={nowrap}>{formatDate(invoice.issued_at)}</Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {formatYen(invoice.total)}
              </Table.Td>
              <Table.Td>
                <CorrectionState invoice={invoice} />
              </Table.Td>
              <Table.Td>
                <PdfDownload
                  compact
                  label={t('documents.centre.download')}
                  ariaLabel={t('documents.centre.downloadLabel', { number: invoice.number })}
                  open={(signal) => openDocument(merchantId, invoice.number, signal)}
                  fallbackName={documentFallbackNames.document(invoice.number)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** 訂正済み (a later invoice replaces it), 訂正版 (it corrects the one it names), or nothing. */
function CorrectionState({ invoice }: { invoice: FeeInvoice }) {
  const { t } = useTranslation();
  if (invoice.superseded) {
    return (
      <Badge size="sm" variant="light" color="orange" style={{ overflow: 'visible' }}>
        {t('documents.centre.superseded')}
      </Badge>
    );
  }
  if (invoice.corrects_number) {
    return (
      <Text span size="sm">
        {t('documents.centre.corrects', { number: invoice.corrects_number })}
      </Text>
    );
  }
  return (
    <Text span size="sm" c="dimmed">
      {t('documents.centre.none')}
    </Text>
  );
}
