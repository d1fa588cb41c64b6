import type { RefundApplicationStatus } from '@coin/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from '@/i18n';

const COLORS: Record<RefundApplicationStatus, string> = { REQUESTED: 'yellow', APPROVED: 'teal', CANCELED: 'gray' };

/** A refund application's status in Japanese (申請中 / 承認済 / 取消済). */
export function RefundStatusBadge({ status }: { status: RefundApplicationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]} size="sm">
      {t(`refundStatus.${status}`)}
    </Badge>
  );
}
