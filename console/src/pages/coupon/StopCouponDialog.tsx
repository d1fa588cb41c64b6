import type { Coupon } from '@coin/contract';
import { useStopCoupon } from '@/api/coupons';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useTranslation } from '@/i18n';
import { discountLabel } from './couponLabels';

/** Asks before stopping a coupon (PATCH … {status: 'STOPPED'}); the lists refresh after. */
export default function StopCouponDialog({
  merchantId,
  coupon,
  onClose,
}: {
  merchantId: number;
  coupon: Coupon;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('coupon.stop.confirmTitle')}
      body={t('coupon.stop.confirmBody', { name: coupon.name, discount: discountLabel(t, coupon) })}
      confirmLabel={t('coupon.stop.confirm')}
      tone="danger"
      failedTitle={t('coupon.stop.failed')}
      doneMessage={t('coupon.stop.done', { name: coupon.name })}
      mutation={useStopCoupon(merchantId)}
      variables={coupon.id}
      onClose={onClose}
    />
  );
}
