import type { MerchantStatus } from '@coin/contract';
import { useUpdateMerchantStatus } from '@/api/merchantProfile';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useTranslation } from '@/i18n';

/** Asks before opening or closing the merchant (PATCH /merchants/{id}/status): closed, the app takes no payments. */
export default function ChangeStatusDialog({
  merchantId,
  status,
  onClose,
}: {
  merchantId: number;
  status: MerchantStatus;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const closing = status === 'CLOSED';
  return (
    <ConfirmDialog
      title={t(closing ? 'merchantProfile.status.closeTitle' : 'merchantProfile.status.openTitle')}
      body={t(closing ? 'merchantProfile.status.closeBody' : 'merchantProfile.status.openBody')}
      confirmLabel={t(closing ? 'merchantProfile.status.close' : 'merchantProfile.status.open')}
      tone={closing ? 'danger' : 'primary'}
      failedTitle={t('merchantProfile.status.failed')}
      doneMessage={t(closing ? 'merchantProfile.status.closeDone' : 'merchantProfile.status.openDone')}
      mutation={useUpdateMerchantStatus(merchantId)}
      variables={status}
      onClose={onClose}
    />
  );
}
