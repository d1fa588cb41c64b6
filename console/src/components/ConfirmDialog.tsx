import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import { apiErrorText } from './apiErrorText';

interface ConfirmDialogProps<V, D> {
  title: string;
  /** What will happen, in a sentence the user can check. */
  body: ReactNode;
  /** The confirm button's label (停止する, 取り消す, 公開する…). */
  confirmLabel: string;
  /**
   * What the action is like: `danger` (stopping, cancelling, closing: red) or `primary` (anything
   * that does no harm: the theme's primary colour). Each caller says which.
   */
  tone: 'danger' | 'primary';
  /** The label of the button that leaves without doing it; キャンセル by default. */
  dismissLabel?: string;
  failedTitle: string;
  /** Shown as a notification once it is done; from the answer when it says what was done (how many…). */
  doneMessage: string | ((answer: D) => string);
  mutation: UseMutationResult<D, unknown, V>;
  variables: V;
  /** Closed: `done` after the action succeeded (its button may be gone by now), else `dismissed`. */
  onClose: (outcome: 'done' | 'dismissed') => void;
}

/**
 * What every dialog of the console shares: centred, over a dimmed page, focus kept inside and given
 * back to the opener on close, closed by Escape, a click outside or its labelled close button. Spread
 * into a Mantine `Modal` with the dialog's own `opened`, `onClose` and `title`.
 */
export function useDialogFrame() {
  const { t } = useTranslation();
  return {
    centered: true,
    trapFocus: true,
    returnFocus: true,
    closeOnEscape: true,
    closeOnClickOutside: true,
    withCloseButton: true,
    overlayProps: { backgroundOpacity: 0.55, blur: 2 },
    closeButtonProps: { 'aria-label': t('actions.close') },
    styles: { title: { fontWeight: 700 } },
  } as const;
}

/**
 * Asks before an action (stopping a link or a coupon, cancelling a refund, opening or closing the
 * merchant): the focus starts on the button that leaves; the action's failure stays in the dialog;
 * done, it closes with one notification.
 */
export function ConfirmDialog<V, D = unknown>({
  title,
  body,
  confirmLabel,
  tone,
  dismissLabel,
  failedTitle,
  doneMessage,
  mutation,
  variables,
  onClose,
}: ConfirmDialogProps<V, D>) {
  const { t } = useTranslation();
  const frame = useDialogFrame();
  const close = (outcome: 'done' | 'dismissed' = 'dismissed') => {
    mutation.reset();
    onClose(outcome);
  };
  return (
    <Modal opened onClose={() => close()} title={title} {...frame}>
      <Stack gap="md">
        {/* Text is a paragraph; a body of its own parts (an alert…) is laid out as given. */}
        {typeof body === 'string' ? <Text size="sm">{body}</Text> : body}
        {mutation.isError && (
          <Alert color="red" variant="light" role="alert" title={failedTitle}>
            {apiErrorText(t, mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => close()} data-autofocus>
            {dismissLabel ?? t('actions.cancel')}
          </Button>
          <Button
            color={tone === 'danger' ? 'red' : undefined}
            loading={mutation.isPending}
            onClick={() =>
              mutation.mutate(variables, {
                onSuccess: (answer) => {
                  const message = typeof doneMessage === 'string' ? doneMessage : doneMessage(answer);
                  notifications.show({ color: 'teal', message });
                  close('done');
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
