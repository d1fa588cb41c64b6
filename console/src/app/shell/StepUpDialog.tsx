import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { Button, Group, getDefaultZIndex, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorMessageKey, isApiError } from '@/api/errors';
import { api } from '@/api/instance';
import { handleStepUp } from '@/api/stepUp';
import { useDialogFrame } from '@/components/ConfirmDialog';
import { PasswordField } from '@/components/PasswordField';
import { useTranslation } from '@/i18n';

/**
 * Trust: when the server asks for a step-up (a change of the bank account, staff or the merchant's
 * status), this dialog asks for the password, proves the sign-in (POST /sessions/current/step_up) and
 * lets the API client send the change again; the form the change came from keeps what was typed.
 * Cancelling passes the refusal on to that form.
 */
export default function StepUpDialog() {
  const { t } = useTranslation();
  const frame = useDialogFrame();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const settle = useRef<((proved: boolean) => void) | null>(null);

  useEffect(
    () =>
      handleStepUp(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setPassword('');
            setError(null);
            setOpen(true);
          }),
      ),
    [],
  );

  const finish = (proved: boolean) => {
    setOpen(false);
    setSubmitting(false);
    setPassword('');
    settle.current?.(proved);
    settle.current = null;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError(t('validation.required', { field: t('accounts.fields.password') }));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      await api.call('stepUpSession', { body: { password } });
      finish(true);
    } catch (failure) {
      setSubmitting(false);
      const wrongPassword = isApiError(failure, 400) && failure.body.field === 'password';
      setError(wrongPassword ? t('accounts.errors.currentPassword') : t(errorMessageKey(failure)));
    }
  }

  return (
    // Above the dialog the change came from (a confirm step is often open below it).
    <Modal
      opened={open}
      onClose={() => finish(false)}
      title={t('accounts.stepUp.title')}
      {...frame}
      zIndex={getDefaultZIndex('modal') + 10}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('accounts.stepUp.body')}</Text>
          <PasswordField
            field="password"
            purpose="current"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => finish(false)} disabled={submitting}>
              {t('accounts.actions.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {t('accounts.stepUp.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
