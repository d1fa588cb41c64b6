import type { FeeInvoice } from '@coin/contract';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { documentFallbackNames, documentKeys, documentQueries, openDocument, openFeeInvoice } from '@/api/documents';
import { PdfDownload } from '@/components/PdfDownload';
import { formatMonth, tokyoMonth } from '@/format';
import { useTranslation } from '@/i18n';
import { feeInvoiceStateOf, isInvoiceable } from './feeInvoiceState';

/** The issued fee invoices of the twelve months up to this one (the card and the detail share the answer). */
export const useFeeInvoices = (merchantId: number) =>
  useQuery(documentQueries.feeInvoices(merchantId, tokyoMonth())).data?.items;

/**
 * A month's 請求書（PDF）: issued by the first download, the same document after (a corrected one once its
 * fees change, so the list is read again after each). A corrected month says 訂正済み and offers the
 * invoices it replaced, by number. The current month is not closed: it says when its invoice comes.
 */
export function FeeInvoiceDownloads({
  merchantId,
  month,
  invoices,
  compact = false,
}: {
  merchantId: number;
  month: string;
  /** The issued invoices (listFeeInvoices); undefined while they load or when they could not be read. */
  invoices: readonly FeeInvoice[] | undefined;
  /** In a row of the fees card. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  if (!isInvoiceable(month, tokyoMonth())) {
    return (
      <Text span size="xs" c="dimmed" title={t('documents.feeInvoice.notYetNote')}>
        {t('documents.feeInvoice.notYet')}
      </Text>
    );
  }
  const { originals } = feeInvoiceStateOf(invoices ?? [], month);
  const monthText = formatMonth(month);
  const reread = () => void queryClient.invalidateQueries({ queryKey: documentKeys.all });
  return (
    <Stack gap={6} align="flex-start">
      <Group gap="xs" wrap={compact ? 'nowrap' : 'wrap'} align="flex-start">
        <PdfDownload
          compact={compact}
          label={t('documents.feeInvoice.download')}
          ariaLabel={t('documents.feeInvoice.downloadLabel', { month: monthText })}
          open={(signal) => openFeeInvoice(merchantId, month, signal)}
          fallbackName={documentFallbackNames.feeInvoice(month)}
          onSaved={reread}
        />
        {originals.length > 0 && (
          <Badge size="sm" variant="light" color="orange" mt={compact ? 2 : 8} style={{ flexShrink: 0 }}>
            {t('documents.feeInvoice.corrected')}
          </Badge>
        )}
      </Group>
      {originals.length > 0 && !compact && (
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
