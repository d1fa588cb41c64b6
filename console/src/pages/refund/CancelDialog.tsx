import type { RefundApplication } from '@coin/contract';
import { useCancelRefund } from '@/api/refunds';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';

/** Asks before cancelling a requested refund application (DELETE /refunds/{id}); the lists refresh after. */
export default function CancelDialog({
  walletNo,
  application,
  onClose,
}: {
  walletNo: string;
  application: RefundApplication;
  onClose: (outcome: 'done' | 'dismissed') => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('refund.list.confirmTitle')}
      body={t('refund.list.confirmBody', {
        id: application.id,
        coin: application.coin_name,
        amount: formatCoin(application.amount),
      })}
      confirmLabel={t('refund.list.confirmCancel')}
      tone="danger"
      // 取り消す is the action here: the way out says 閉じる, not キャンセル.
      dismissLabel={t('actions.close')}
      failedTitle={t('refund.list.cancelFailed')}
      doneMessage={t('refund.list.canceled', { id: application.id })}
      mutation={useCancelRefund(walletNo)}
      variables={application.id}
      onClose={onClose}
    />
  );
}
