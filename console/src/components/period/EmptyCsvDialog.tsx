import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDialogFrame } from '@/components/ConfirmDialog';
import { useTranslation } from '@/i18n';

/**
 * Asks before saving a CSV that holds its header only (the period has no rows). Like every dialog
 * of the console: dimmed, focus kept inside, a named close button; the focus starts on 保存しない, and
 * closing it any way is the same answer.
 */
export default function EmptyCsvDialog({
  fileName,
  onAnswer,
  withinPortal = true,
}: {
  fileName: string;
  onAnswer: (save: boolean) => void;
  /** Off only in tests that render to a string (a portal renders nothing there). */
  withinPortal?: boolean;
}) {
  const { t } = useTranslation();
  const frame = useDialogFrame();
  return (
    <Modal
      opened
      onClose={() => onAnswer(false)}
      title={t('download.empty.title')}
      withinPortal={withinPortal}
      {...frame}
    >
      <Stack gap="md">
        <Text size="sm">{t('download.empty.body', { fileName })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onAnswer(false)} data-autofocus>
            {t('download.empty.skip')}
          </Button>
          <Button onClick={() => onAnswer(true)}>{t('download.empty.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
