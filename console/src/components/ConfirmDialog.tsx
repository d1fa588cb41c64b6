import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { apiErrorText } from './apiErrorText';

interface ConfirmDialogProps<V> {
  title: string;
  /** What will happen, in a sentence the user can check. */
  body: ReactNode;
  /** The red button's label (停止する, 取り消す…). */
  confirmLabel: string;
  /** The label of the button that leaves without doing it; キャンセル by default. */
  dismissLabel?: string;
  failedTitle: string;
  /** Shown as a notification once it is done. */
  doneMessage: string;
  mutation: UseMutationResult<unknown, unknown, V>;
  variables: V;
  onClose: () => void;
}

/**
 * Asks before an action that cannot be undone (stopping a link or a coupon, cancelling a refund): the
 * focus starts on the button that leaves; the action's failure stays in the dialog; done, it closes
 * with one notification.
 */
export function ConfirmDialog<V>({
  title,
  body,
  confirmLabel,
  dismissLabel,
  failedTitle,
  doneMessage,
  mutation,
  variables,
  onClose,
}: ConfirmDialogProps<V>) {
  const { t } = useTranslation();
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <Modal
      opened
      onClose={close}
      title={<Text fw={700}>{title}</Text>}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{body}</Text>
        {mutation.isError && (
          <Alert color="red" variant="light" role="alert" title={failedTitle}>
            {apiErrorText(t, mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            {dismissLabel ?? t('actions.cancel')}
          </Button>
          <Button
            color="red"
            loading={mutation.isPending}
            onClick={() =>
              mutation.mutate(variables, {
                onSuccess: () => {
                  notifications.show({ color: 'teal', message: doneMessage });
                  close();
                },
              })
            }
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
