import { ROLES, type Role } from '@coin/contract';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { accountErrorKey, fieldRefusal } from '@/components/accountErrors';
import { useDialogFrame } from '@/components/ConfirmDialog';
import { useFieldFocus } from '@/components/formFocus';
import { useTranslation } from '@/i18n';
import { roleKey } from '@/i18n/keys';
import { type UserFormMode, type UserFormValues, userFormBody, userFormSchema } from './userFormSchema';

/** The form's fields are named as the request's: a refusal's `field` may be one of them. */
const isField = (field: string): field is keyof UserFormValues =>
  field === 'name' || field === 'role' || field === 'email';

interface UserFormModalProps {
  mode: UserFormMode;
  opened: boolean;
  initial: UserFormValues;
  submitting: boolean;
  /** The refusal of the last submit, shown without losing what was typed. */
  error: unknown;
  onClose: () => void;
  onSubmit: (values: { name: string; role: Role; email: string }) => void;
}

/**
 * 招待する (name, role, email) and 編集 (name, role): one form, the email only when inviting. The page
 * loads it lazily (with @mantine/form and zod) when a dialog opens.
 */
export default function UserFormModal({
  mode,
  opened,
  initial,
  submitting,
  error,
  onClose,
  onSubmit,
}: UserFormModalProps) {
  const { t } = useTranslation();
  const frame = useDialogFrame();
  // A field's message goes when the field is edited (the form's default), a refusal's too.
  const form = useForm<UserFormValues>({
    initialValues: initial,
    validate: schemaResolver(userFormSchema(t, mode), { sync: true }),
  });
  const refusal = error ? fieldRefusal(error) : null;
  const refusedField = refusal && isField(refusal.field) ? refusal.field : null;
  const refusalText = error ? t(accountErrorKey(error) as 'errors.unexpected') : null;

  // The dialog's focus trap gives the first focus to the field marked data-autofocus: the refused field
  // when the dialog opens with a refusal, so it and the effect below agree instead of racing (the trap
  // focuses on a timer, the effect on the next frame; which came last used to win).
  const initialFocus = refusedField ?? 'name';

  const formRef = useRef<HTMLFormElement>(null);
  const { focusInvalid } = useFieldFocus<string>(
    (field) => formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`) ?? null,
  );

  // A refusal naming a field (a taken email, say) shows on it and takes the focus there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new refusal moves the focus
  useEffect(() => {
    if (!refusedField) return;
    const errors = { [refusedField]: refusal?.message ?? refusalText };
    form.setErrors(errors);
    focusInvalid(errors);
  }, [error]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(mode === 'invite' ? 'accounts.merchantUser.inviteTitle' : 'accounts.merchantUser.editTitle')}
      {...frame}
    >
      <form ref={formRef} onSubmit={form.onSubmit((values) => onSubmit(userFormBody(values)), focusInvalid)} noValidate>
        <Stack gap="md">
          {mode === 'invite' && <Text size="sm">{t('accounts.merchantUser.inviteHint')}</Text>}
          {error !== null && error !== undefined && !refusedField && (
            <Alert color="red" variant="light" role="alert">
              {refusalText}
            </Alert>
          )}
          <TextInput
            label={t('accounts.fields.userName')}
            name="name"
            required
            data-autofocus={initialFocus === 'name' || undefined}
            {...form.getInputProps('name')}
          />
          <NativeSelect
            label={t('accounts.fields.role')}
            name="role"
            required
            data={ROLES.map((role) => ({ value: role, label: t(roleKey(role)) }))}
            data-autofocus={initialFocus === 'role' || undefined}
            {...form.getInputProps('role')}
          />
          {mode === 'invite' && (
            <TextInput
              label={t('accounts.fields.email')}
              type="email"
              name="email"
              autoComplete="off"
              inputMode="email"
              required
              data-autofocus={initialFocus === 'email' || undefined}
              {...form.getInputProps('email')}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              {t('accounts.actions.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {t(mode === 'invite' ? 'accounts.actions.invite' : 'accounts.actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
