import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import type { Coupon } from '@coin/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useStopCoupon } from '@/api/coupons';
import { apiErrorText } from '@/components/apiErrorText';
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
  const stop = useStopCoupon(merchantId);
  const close = () => {
    stop.reset();
    onClose();
  };
  return (
    <Modal
      opened
      onClose={close}
      title={<Text fw={700}>{t('coupon.stop.confirmTitle')}</Text>}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{t('coupon.stop.confirmBody', { name: coupon.name, discount: discountLabel(t, coupon) })}</Text>
        {stop.isError && (
          <Alert color="red" variant="light" role="alert" title={t('coupon.stop.failed')}>
            {apiErrorText(t, stop.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            {t('actions.cancel')}
          </Button>
          <Button
            color="red"
            loading={stop.isPending}
            onClick={() =>
              stop.mutate(coupon.id, {
                onSuccess: () => {
                  notifications.show({ color: 'teal', message: t('coupon.stop.done', { name: coupon.name }) });
                  close();
                },
              })
            }
          >
            {t('coupon.stop.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
