import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { accountErrorKey } from '@/components/accountErrors';
import { useDialogFrame } from '@/components/ConfirmDialog';
import { useTranslation } from '@/i18n';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  /** A sentence, or parts of its own (a list of what changes). */
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  submitting: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** The confirm step before suspending, reactivating or re-inviting a user, or making one an Owner. */
export function ConfirmModal(props: ConfirmModalProps) {
  const { t } = useTranslation();
  const frame = useDialogFrame();
  const { opened, title, body, confirmLabel, danger, submitting, error, onConfirm, onClose } = props;
  return (
    <Modal opened={opened} onClose={onClose} title={title} {...frame}>
      <Stack gap="md">
        {typeof body === 'string' ? <Text size="sm">{body}</Text> : body}
        {error !== null && error !== undefined && (
          <Alert color="red" variant="light" role="alert">
            {t(accountErrorKey(error) as 'errors.unexpected')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {t('accounts.actions.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={submitting} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
