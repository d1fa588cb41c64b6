import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import type { RefundApplication } from '@coin/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useCancelRefund } from '@/api/refunds';
import { apiErrorText } from '@/components/apiErrorText';
import { formatCoin } from '@/format';

/** Asks before cancelling a requested refund application (DELETE /refunds/{id}); the lists refresh after. */
export default function CancelDialog({
  walletNo,
  application,
  onClose,
}: {
  walletNo: string;
  application: RefundApplication | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const cancel = useCancelRefund(walletNo);
  const close = () => {
    cancel.reset();
    onClose();
  };
  return (
    <Modal
      opened={application !== null}
      onClose={close}
      title={<Text fw={700}>{t('refund.list.confirmTitle')}</Text>}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      centered
    >
      {application && (
        <Stack gap="md">
          <Text size="sm">
            {t('refund.list.confirmBody', {
              id: application.id,
              coin: application.coin_name,
              amount: formatCoin(application.amount),
            })}
          </Text>
          {cancel.isError && (
            <Alert color="red" variant="light" role="alert" title={t('refund.list.cancelFailed')}>
              {apiErrorText(t, cancel.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('actions.close')}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(application.id, {
                  onSuccess: () => {
                    notifications.show({ color: 'teal', message: t('refund.list.canceled', { id: application.id }) });
                    close();
                  },
                })
              }
            >
              {t('refund.list.confirmCancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
