import { Badge } from '@mantine/core';
import { useTranslation } from '@/i18n';

export type RefundStatus = 'REQUESTED' | 'APPROVED' | 'CANCELED';

const COLORS: Record<RefundStatus, string> = { REQUESTED: 'yellow', APPROVED: 'teal', CANCELED: 'gray' };

/** A refund application's status in Japanese (申請中 / 承認済 / 取消済). */
export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]} size="sm">
      {t(`refundStatus.${status}`)}
    </Badge>
  );
}
