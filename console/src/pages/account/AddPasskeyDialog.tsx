import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '@/api/errors';
import { useAddPasskey } from '@/api/twoStep';
import { apiErrorText } from '@/components/apiErrorText';
import { useDialogFrame } from '@/components/ConfirmDialog';
import { useTranslation } from '@/i18n';

type Added = Awaited<ReturnType<ReturnType<typeof useAddPasskey>['mutateAsync']>>;

/** The most a passkey's name may have (the contract's registerPasskeyBodySchema). */
const NAME_MAX = 40;

/**
 * Adding a passkey: a name to tell it apart later, then the browser's own prompt (the creation options
 * are asked first, so a step-up comes before it).
 */
export default function AddPasskeyDialog({
  userId,
  onAdded,
  onClose,
}: {
  userId: number;
  onAdded: (answer: Added, name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const frame = useDialogFrame();
  const add = useAddPasskey(userId);
  const [name, setName] = useState<string>(t('twoStep.passkeys.defaultName'));
  const [nameError, setNameError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > NAME_MAX) {
      setNameError(t(trimmed ? 'twoStep.passkeys.nameMax' : 'twoStep.passkeys.nameRequired'));
      return;
    }
    setNameError(null);
    add.mutate(trimmed, {
      onSuccess: (answer) => onAdded(answer, trimmed),
      onError: (error) => {
        if (isApiError(error, 400) && error.body.field === 'name') setNameError(apiErrorText(t, error));
      },
    });
  }

  const refusedName = isApiError(add.error, 400) && add.error.body.field === 'name';
  return (
    <Modal opened onClose={onClose} title={t('twoStep.passkeys.addTitle')} {...frame}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('twoStep.passkeys.addLead')}</Text>
          {add.isError && !refusedName && (
            <Alert color="red" variant="light" role="alert">
              {apiErrorText(t, add.error)}
            </Alert>
          )}
          <TextInput
            label={t('twoStep.passkeys.nameLabel')}
            name="passkey-name"
            autoComplete="off"
            required
            withAsterisk={false}
            maxLength={NAME_MAX + 10}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            errorProps={{ role: 'alert' }}
            aria-invalid={nameError ? true : undefined}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={add.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending}>
              {t('twoStep.passkeys.addSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
