import type { UrlPayment } from '@coin/contract';
import { useStopUrlPayment } from '@/api/urlPayments';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';

/** Asks before stopping a payment link (PATCH … {status: 'STOPPED'}); the lists refresh after. */
export default function StopLinkDialog({
  merchantId,
  link,
  onClose,
}: {
  merchantId: number;
  link: UrlPayment;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('urlPayment.stop.confirmTitle')}
      body={t('urlPayment.stop.confirmBody', {
        description: link.description,
        coin: link.coin_name,
        amount: formatCoin(link.amount),
      })}
      confirmLabel={t('urlPayment.stop.confirm')}
      tone="danger"
      failedTitle={t('urlPayment.stop.failed')}
      doneMessage={t('urlPayment.stop.done', { description: link.description })}
      mutation={useStopUrlPayment(merchantId)}
      variables={link.id}
      onClose={onClose}
    />
  );
}
