import type { InvoiceStatus } from '@coin/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from '@/i18n';
import { INVOICE_STATUS_COLORS } from './invoiceView';

/** An invoice's status in Japanese (未払い / 期限超過 / 支払済み). */
export function InvoiceStatusBadge({ status, size = 'sm' }: { status: InvoiceStatus; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={INVOICE_STATUS_COLORS[status]} size={size}>
      {t(`invoice.statuses.${status}`)}
    </Badge>
  );
}
