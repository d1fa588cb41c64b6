import type { FeeInvoice } from '@coin/contract';
import { Badge, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { documentFallbackNames, documentKeys, documentQueries, openDocument, openFeeInvoice } from '@/api/documents';
import { feeInvoiceStateOf, isInvoiceable } from '@/api/feeInvoiceState';
import { PdfDownload, PdfIconDownload } from '@/components/PdfDownload';
import { formatMonth, tokyoMonth } from '@/format';
import { useTranslation } from '@/i18n';

/** The issued fee invoices of the twelve months up to this one (the card and the detail share the answer). */
export const useFeeInvoices = (merchantId: number) =>
  useQuery(documentQueries.feeInvoices(merchantId, tokyoMonth())).data?.items;

/** Reads the issued invoices again: a download may have issued one (or a corrected one). */
function useRereadInvoices() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: documentKeys.all });
}

/**
 * A month's 請求書（PDF）: issued by the first download, the same document after (a corrected one once its
 * fees change, so the list is read again after each). A corrected month says 訂正済み and offers the
 * invoices it replaced, by number. The current month is not closed: it says when its invoice comes.
 */
export function FeeInvoiceDownloads({
  merchantId,
  month,
  invoices,
}: {
  merchantId: number;
  month: string;
  /** The issued invoices (listFeeInvoices); undefined while they load or when they could not be read. */
  invoices: readonly FeeInvoice[] | undefined;
}) {
  const { t } = useTranslation();
  const reread = useRereadInvoices();
  if (!isInvoiceable(month, tokyoMonth())) {
    return (
      <Text size="sm" c="dimmed">
        {t('documents.feeInvoice.notYetNote')}
      </Text>
    );
  }
  const { originals } = feeInvoiceStateOf(invoices ?? [], month);
  return (
    <Stack gap={6} align="flex-start">
      <Group gap="xs" align="flex-start">
        <PdfDownload
          label={t('documents.feeInvoice.download')}
          ariaLabel={t('documents.feeInvoice.downloadLabel', { month: formatMonth(month) })}
          open={(signal) => openFeeInvoice(merchantId, month, signal)}
          fallbackName={documentFallbackNames.feeInvoice(month)}
          onSaved={reread}
        />
        {originals.length > 0 && <CorrectedBadge mt={8} />}
      </Group>
      {originals.length > 0 && (
        <Text size="sm">
          {t('documents.feeInvoice.correctedNote', {
            numbers: originals.map((invoice) => invoice.number).join('、'),
          })}
        </Text>
      )}
      {originals.map((invoice) => (
        <PdfDownload
          key={invoice.number}
          compact
          variant="subtle"
          label={t('documents.feeInvoice.original')}
          ariaLabel={t('documents.feeInvoice.originalLabel', { number: invoice.number })}
          open={(signal) => openDocument(merchantId, invoice.number, signal)}
          fallbackName={documentFallbackNames.document(invoice.number)}
        />
      ))}
    </Stack>
  );
}

/** 訂正済み: the month's invoice was replaced by a corrected one. */
export function CorrectedBadge({ mt }: { mt?: number }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color="orange" mt={mt} style={{ flexShrink: 0, overflow: 'visible' }}>
      {t('documents.feeInvoice.corrected')}
    </Badge>
  );
}

/**
 * The fees card's invoice cell, narrow: the month's invoice as an icon button named for its month (its
 * outcome in a notification), or 締め前 for the month not closed yet. The detail has the rest.
 */
export function FeeInvoiceCell({ merchantId, month }: { merchantId: number; month: string }) {
  const { t } = useTranslation();
  const reread = useRereadInvoices();
  if (!isInvoiceable(month, tokyoMonth())) {
    return (
      <>
        <Text span size="xs" c="dimmed" aria-hidden>
          {t('documents.feeInvoice.notYet')}
        </Text>
        <VisuallyHidden>{t('documents.feeInvoice.notYetNote')}</VisuallyHidden>
      </>
    );
  }
  return (
    <PdfIconDownload
      ariaLabel={t('documents.feeInvoice.downloadLabel', { month: formatMonth(month) })}
      open={(signal) => openFeeInvoice(merchantId, month, signal)}
      fallbackName={documentFallbackNames.feeInvoice(month)}
      onSaved={reread}
    />
  );
}

/** The fee detail's part for the month's invoice: what it is, and its download. */
export function FeeInvoicePart({ merchantId, month }: { merchantId: number; month: string }) {
  const { t } = useTranslation();
  const invoices = useFeeInvoices(merchantId);
  return (
    <Stack gap="xs" mb="lg">
      <Title order={3} size="h5">
        {t('documents.feeInvoice.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('documents.feeInvoice.lead')}
      </Text>
      <FeeInvoiceDownloads merchantId={merchantId} month={month} invoices={invoices} />
    </Stack>
  );
}
