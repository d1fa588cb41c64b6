import '@mantine/core/styles/Card.css';
import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useChangeEmail } from '@/api/accounts';
import { identityQueries } from '@/api/identities';
import { accountErrorKey, fieldRefusal } from '@/components/accountErrors';
import { useAccountRules } from '@/components/accountFormRules';
import type { ChangeEmailValues } from '@/components/accountFormSchemas';
import { focusOnInvalid, showFieldError } from '@/components/formFocus';
import { PasswordField } from '@/components/PasswordField';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { useSessionState } from '@/session';

const EMPTY: ChangeEmailValues = { currentPassword: '', email: '', emailAgain: '' };
/** Refusals shown at their field rather than above the form. */
const FIELDS_SHOWN: ReadonlySet<string> = new Set(['email', 'current_password']);

/** /changeEmail: the new address twice; it takes effect when the link mailed to it is followed. */
export default function ChangeEmailPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.ChangeEmail'));
  const user = useSessionState((state) => state.user);
  const userId = user?.user_id ?? 0;
  // The address of record (it may have changed since sign-in); the session's copy until it answers.
  const identity = useQuery({ ...identityQueries.email(userId), enabled: userId > 0 });
  const currentEmail = identity.data?.email ?? user?.email ?? '';
  const validate = useAccountRules<ChangeEmailValues>((schemas) => schemas.changeEmailSchema(t, currentEmail));
  const form = useForm({ initialValues: EMPTY, validate });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = useChangeEmail(userId);

  function save(values: ChangeEmailValues) {
    change.mutate(
      { email: values.email.trim(), currentPassword: values.currentPassword },
      {
        onSuccess: (answer) => {
          form.reset();
          // One message: the status alert above the form, which also says what is pending.
          setSentTo(answer.pending_email);
        },
        onError: (error) => {
          const refusal = fieldRefusal(error);
          if (refusal?.field === 'email') {
            showFieldError(form, 'email', refusal.message ?? t(accountErrorKey(error) as 'errors.unexpected'));
          } else if (refusal?.field === 'current_password') {
            showFieldError(form, 'currentPassword', t('accounts.errors.currentPassword'));
          }
        },
      },
    );
  }

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>{t('pages.ChangeEmail')}</Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Text size="sm">{t('accounts.changeEmail.lead')}</Text>
          <TextInput label={t('accounts.fields.currentEmail')} value={currentEmail} readOnly variant="filled" />
          {sentTo && (
            <Alert color="teal" variant="light" role="status">
              <Text size="sm">{t('accounts.changeEmail.sent', { email: sentTo })}</Text>
              <Text size="sm">{t('accounts.changeEmail.pending')}</Text>
            </Alert>
          )}
          {change.isError && !FIELDS_SHOWN.has(fieldRefusal(change.error)?.field ?? '') && (
            <Alert color="red" variant="light" role="alert">
              {t(accountErrorKey(change.error) as 'errors.unexpected')}
            </Alert>
          )}
          <form
            onSubmit={(event) => {
              setSentTo(null);
              form.onSubmit(save, focusOnInvalid(form))(event);
            }}
            noValidate
          >
            <Stack gap="md">
              <PasswordField
                field="currentPassword"
                purpose="current"
                name="currentPassword"
                {...form.getInputProps('currentPassword')}
              />
              <TextInput
                label={t('accounts.fields.newEmail')}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                required
                withAsterisk={false}
                {...form.getInputProps('email')}
              />
              <TextInput
                label={t('accounts.fields.newEmailAgain')}
                type="email"
                name="emailAgain"
                autoComplete="email"
                inputMode="email"
                required
                withAsterisk={false}
                {...form.getInputProps('emailAgain')}
              />
              <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
                {t('accounts.actions.send')}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Card>
    </Stack>
  );
}
