import { ROLES, type Role } from '@coin/contract';
import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { accountErrorKey, fieldRefusal } from '@/components/accountErrors';
import {
  hasProblems,
  type InviteValues,
  problemTexts,
  validateEditUser,
  validateInvite,
} from '@/components/accountForms';
import { useDialogFrame } from '@/components/ConfirmDialog';
import { type FocusableForm, focusFirstInvalid } from '@/components/formFocus';
import { useTranslation } from '@/i18n';
import { roleKey } from '@/i18n/keys';

type Errors = Partial<Record<keyof InviteValues, string>>;

interface UserFormModalProps {
  mode: 'invite' | 'edit';
  opened: boolean;
  initial: InviteValues;
  submitting: boolean;
  /** The refusal of the last submit, shown without losing what was typed. */
  error: unknown;
  onClose: () => void;
  onSubmit: (values: { name: string; role: Role; email: string }) => void;
}

/** 招待する (name, role, email) and 編集 (name, role): one form, the email only when inviting. */
export function UserFormModal({ mode, opened, initial, submitting, error, onClose, onSubmit }: UserFormModalProps) {
  const { t } = useTranslation();
  const frame = useDialogFrame();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  // A refused field's message goes when the field is edited, and comes back with the next refusal.
  const [editedSinceSubmit, setEditedSinceSubmit] = useState<ReadonlySet<string>>(new Set());
  const refusal = error ? fieldRefusal(error) : null;
  const refusedField =
    refusal && (refusal.field === 'name' || refusal.field === 'role' || refusal.field === 'email')
      ? refusal.field
      : null;
  const refusalText = error ? t(accountErrorKey(error) as 'errors.unexpected') : null;
  const fieldError = (field: keyof InviteValues) =>
    errors[field] ??
    (refusedField === field && !editedSinceSubmit.has(field) ? (refusal?.message ?? refusalText) : undefined);

  const formRef = useRef<HTMLFormElement>(null);
  const fields: FocusableForm = {
    getInputNode: (path) => formRef.current?.querySelector<HTMLElement>(`[name="${path}"]`) ?? null,
  };
  // Once the messages have rendered, so the focused field is announced with its error.
  const focusInvalid = (found: Errors) => requestAnimationFrame(() => focusFirstInvalid(fields, found));

  // A refusal naming a field (a taken email, say) takes the focus there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new refusal moves the focus
  useEffect(() => {
    if (refusedField) focusInvalid({ [refusedField]: 'refused' });
  }, [error]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = mode === 'invite' ? validateInvite(values) : validateEditUser(values);
    const texts = problemTexts(t, problems);
    setErrors(texts);
    setEditedSinceSubmit(new Set());
    if (hasProblems(problems)) {
      focusInvalid(texts);
      return;
    }
    onSubmit({ name: values.name.trim(), role: values.role as Role, email: values.email.trim() });
  }

  const update = (field: keyof InviteValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setEditedSinceSubmit((current) => new Set(current).add(field));
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(mode === 'invite' ? 'accounts.merchantUser.inviteTitle' : 'accounts.merchantUser.editTitle')}
      {...frame}
    >
      <form ref={formRef} onSubmit={submit} noValidate>
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
            data-autofocus
            value={values.name}
            onChange={(event) => update('name', event.currentTarget.value)}
            error={fieldError('name')}
          />
          <NativeSelect
            label={t('accounts.fields.role')}
            name="role"
            required
            data={ROLES.map((role) => ({ value: role, label: t(roleKey(role)) }))}
            value={values.role}
            onChange={(event) => update('role', event.currentTarget.value)}
            error={fieldError('role')}
          />
          {mode === 'invite' && (
            <TextInput
              label={t('accounts.fields.email')}
              type="email"
              name="email"
              autoComplete="off"
              inputMode="email"
              required
              value={values.email}
              onChange={(event) => update('email', event.currentTarget.value)}
              error={fieldError('email')}
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
