import '@mantine/core/styles/Card.css';
import { Alert, Button, Card, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useChangeEmail } from '@/api/accounts';
import { identityQueries } from '@/api/identities';
import { accountErrorKey, fieldRefusal } from '@/components/accountErrors';
import { type ChangeEmailValues, hasProblems, problemTexts, validateChangeEmail } from '@/components/accountForms';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { useSessionState } from '@/session';

const EMPTY: ChangeEmailValues = { currentPassword: '', email: '', emailAgain: '' };
type Errors = Partial<Record<keyof ChangeEmailValues, string>>;
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
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = useChangeEmail(userId);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSentTo(null);
    const problems = validateChangeEmail(values, currentEmail);
    setErrors(problemTexts(t, problems));
    if (hasProblems(problems)) return;
    change.mutate(
      { email: values.email.trim(), currentPassword: values.currentPassword },
      {
        onSuccess: (answer) => {
          setValues(EMPTY);
          setSentTo(answer.pending_email);
          notifications.show({
            color: 'teal',
            message: t('accounts.changeEmail.sent', { email: answer.pending_email }),
          });
        },
        onError: (error) => {
          const refusal = fieldRefusal(error);
          if (refusal?.field === 'email') {
            setErrors({ email: refusal.message ?? t(accountErrorKey(error) as 'errors.unexpected') });
          } else if (refusal?.field === 'current_password') {
            setErrors({ currentPassword: t('accounts.errors.currentPassword') });
          }
        },
      },
    );
  }

  const update = (field: keyof ChangeEmailValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

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
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <PasswordInput
                label={t('accounts.fields.currentPassword')}
                name="currentPassword"
                autoComplete="current-password"
                required
                withAsterisk={false}
                value={values.currentPassword}
                onChange={update('currentPassword')}
                error={errors.currentPassword}
                visibilityToggleButtonProps={{ 'aria-label': t('actions.toggleSecretVisibility') }}
              />
              <TextInput
                label={t('accounts.fields.newEmail')}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                required
                withAsterisk={false}
                value={values.email}
                onChange={update('email')}
                error={errors.email}
              />
              <TextInput
                label={t('accounts.fields.newEmailAgain')}
                type="email"
                name="emailAgain"
                autoComplete="email"
                inputMode="email"
                required
                withAsterisk={false}
                value={values.emailAgain}
                onChange={update('emailAgain')}
                error={errors.emailAgain}
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
