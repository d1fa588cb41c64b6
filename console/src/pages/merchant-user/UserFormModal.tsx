import { abilitiesOnlyOf, isRole, ROLES, type Role } from '@coin/contract';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { accountErrorKey, fieldRefusal } from '@/components/accountErrors';
import { useDialogFrame } from '@/components/ConfirmDialog';
import { useFieldFocus } from '@/components/formFocus';
import { useTranslation } from '@/i18n';
import { roleKey } from '@/i18n/keys';
import { ConfirmModal } from './ConfirmModal';
import { AbilityList, ChosenRoleAbilities } from './RoleAbilities';
import { type UserFormMode, type UserFormValues, userFormBody, userFormSchema } from './userFormSchema';

/** The form's fields are named as the request's: a refusal's `field` may be one of them. */
const isField = (field: string): field is keyof UserFormValues =>
  field === 'name' || field === 'role' || field === 'email';

type UserFormBody = ReturnType<typeof userFormBody>;

/**
 * Whether sending the form makes someone an Owner who is not one yet: an invitation as Owner, or another
 * role changed to Owner. The page is the Owners', so the merchant has one already and this is a second.
 */
const makesOwner = (mode: UserFormMode, initialRole: string, body: UserFormBody) =>
  body.role === 'Owner' && (mode === 'invite' || initialRole !== 'Owner');

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
 * 招待する (name, role, email) and 編集 (name, role): one form, the email only when inviting, with what the
 * chosen role may do under its choice. Making someone an Owner asks first, in a confirm step that stands
 * in for the form (whose values wait in the form's state) and goes back to it when cancelled. The page
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
  // The values waiting for the Owner confirm step, and whether the user came back from it.
  const [ownerAsk, setOwnerAsk] = useState<UserFormBody | null>(null);
  const [backFromAsk, setBackFromAsk] = useState(false);
  const refusal = error ? fieldRefusal(error) : null;
  const refusedField = refusal && isField(refusal.field) ? refusal.field : null;
  const refusalText = error ? t(accountErrorKey(error) as 'errors.unexpected') : null;

  // The dialog's focus trap gives the first focus to the field marked data-autofocus: the refused field
  // when the dialog opens with a refusal, so it and the effect below agree instead of racing (the trap
  // focuses on a timer, the effect on the next frame; which came last used to win).
  // Back from the Owner confirm step, the focus is on the choice the user may want to change.
  const initialFocus = refusedField ?? (backFromAsk ? 'role' : 'name');

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

  const submit = (values: UserFormValues) => {
    const body = userFormBody(values);
    if (makesOwner(mode, initial.role, body)) setOwnerAsk(body);
    else onSubmit(body);
  };
  const chosenRole = isRole(form.values.role) ? form.values.role : null;

  if (ownerAsk) {
    const ask = mode === 'invite' ? 'invite' : 'change';
    return (
      <ConfirmModal
        opened={opened}
        title={t(`roleAbilities.ownerConfirm.${ask}Title`)}
        body={
          <Stack gap="sm">
            <Text size="sm">
              {t(`roleAbilities.ownerConfirm.${ask}Lead`, { name: ownerAsk.name, email: ownerAsk.email })}
            </Text>
            <Text size="sm">{t('roleAbilities.ownerConfirm.same')}</Text>
            <AbilityList keys={abilitiesOnlyOf('Owner')} may />
            <Text size="sm" fw={500}>
              {t('roleAbilities.ownerConfirm.note')}
            </Text>
          </Stack>
        }
        confirmLabel={t(`accounts.actions.${ask}`)}
        submitting={false}
        error={null}
        onConfirm={() => {
          setOwnerAsk(null);
          onSubmit(ownerAsk);
        }}
        onClose={() => {
          setOwnerAsk(null);
          setBackFromAsk(true);
        }}
      />
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(mode === 'invite' ? 'accounts.merchantUser.inviteTitle' : 'accounts.merchantUser.editTitle')}
      {...frame}
    >
      <form ref={formRef} onSubmit={form.onSubmit(submit, focusInvalid)} noValidate>
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
          <ChosenRoleAbilities role={chosenRole} />
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
