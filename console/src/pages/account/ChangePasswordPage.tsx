import '@mantine/core/styles/Card.css';
import { Alert, Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useChangePassword } from '@/api/accounts';
import { getConfig } from '@/app/config';
import { accountErrorKey, fieldRefusal } from '@/components/accountErrors';
import {
  type ChangePasswordValues,
  hasProblems,
  problemTexts,
  validateChangePassword,
} from '@/components/accountForms';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { useSessionState } from '@/session';

const EMPTY: ChangePasswordValues = { currentPassword: '', password: '', passwordAgain: '' };
type Errors = Partial<Record<keyof ChangePasswordValues, string>>;

/** /changePassword: the current password and the new one twice; the user's other sessions end. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.ChangePassword'));
  const userId = useSessionState((state) => state.user?.user_id ?? 0);
  const min = getConfig().passwordMinLength;
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const change = useChangePassword(userId);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    const problems = validateChangePassword(values, min);
    setErrors(problemTexts(t, problems));
    if (hasProblems(problems)) return;
    change.mutate(
      { current_password: values.currentPassword, password: values.password },
      {
        onSuccess: () => {
          setValues(EMPTY);
          setDone(true);
          notifications.show({ color: 'teal', message: t('accounts.changePassword.done') });
        },
        onError: (error) => {
          const key = accountErrorKey(error);
          if (key === 'accounts.errors.currentPassword') setErrors({ currentPassword: t(key) });
          const refusal = fieldRefusal(error);
          if (refusal?.field === 'password') setErrors({ password: refusal.message ?? t('errors.invalidRequest') });
        },
      },
    );
  }

  const update = (field: keyof ChangePasswordValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const toggle = { 'aria-label': t('actions.toggleSecretVisibility') };
  const shownInFields =
    change.isError &&
    (accountErrorKey(change.error) === 'accounts.errors.currentPassword' ||
      fieldRefusal(change.error)?.field === 'password');

  return (
    <Stack gap="lg" maw={560}>
      <Title order={1}>{t('pages.ChangePassword')}</Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Text size="sm">{t('accounts.changePassword.lead', { min })}</Text>
          {done && (
            <Alert color="teal" variant="light" role="status">
              {t('accounts.changePassword.done')}
            </Alert>
          )}
          {change.isError && !shownInFields && (
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
                visibilityToggleButtonProps={toggle}
              />
              <PasswordInput
                label={t('accounts.fields.newPassword')}
                name="password"
                autoComplete="new-password"
                required
                withAsterisk={false}
                value={values.password}
                onChange={update('password')}
                error={errors.password}
                visibilityToggleButtonProps={toggle}
              />
              <PasswordInput
                label={t('accounts.fields.newPasswordAgain')}
                name="passwordAgain"
                autoComplete="new-password"
                required
                withAsterisk={false}
                value={values.passwordAgain}
                onChange={update('passwordAgain')}
                error={errors.passwordAgain}
                visibilityToggleButtonProps={toggle}
              />
              <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
                {t('accounts.actions.change')}
              </Button>
            </Stack>
          </form>
        </Stack>
      </Card>
    </Stack>
  );
}
