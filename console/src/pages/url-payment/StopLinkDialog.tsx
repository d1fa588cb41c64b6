import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import type { UrlPayment } from '@coin/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useStopUrlPayment } from '@/api/urlPayments';
import { apiErrorText } from '@/components/apiErrorText';
import { formatCoin } from '@/format';

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
  const stop = useStopUrlPayment(merchantId);
  const close = () => {
    stop.reset();
    onClose();
  };
  return (
    <Modal
      opened
      onClose={close}
      title={<Text fw={700}>{t('urlPayment.stop.confirmTitle')}</Text>}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          {t('urlPayment.stop.confirmBody', {
            description: link.description,
            coin: link.coin_name,
            amount: formatCoin(link.amount),
          })}
        </Text>
        {stop.isError && (
          <Alert color="red" variant="light" role="alert" title={t('urlPayment.stop.failed')}>
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
              stop.mutate(link.id, {
                onSuccess: () => {
                  notifications.show({
                    color: 'teal',
                    message: t('urlPayment.stop.done', { description: link.description }),
                  });
                  close();
                },
              })
            }
          >
            {t('urlPayment.stop.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
