import '@mantine/core/styles/Card.css';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useChangePassword } from '@/api/accounts';
import { getConfig } from '@/app/config';
import { accountErrorKey, fieldRefusal } from '@/components/accountErrors';
import { useAccountRules } from '@/components/accountFormRules';
import type { ChangePasswordValues } from '@/components/accountFormSchemas';
import { focusOnInvalid, showFieldError } from '@/components/formFocus';
import { PasswordField } from '@/components/PasswordField';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { useSessionState } from '@/session';

const EMPTY: ChangePasswordValues = { currentPassword: '', password: '', passwordAgain: '' };

/** /changePassword: the current password and the new one twice; the user's other sessions end. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.ChangePassword'));
  const userId = useSessionState((state) => state.user?.user_id ?? 0);
  const min = getConfig().passwordMinLength;
  const validate = useAccountRules<ChangePasswordValues>((schemas) => schemas.changePasswordSchema(t, min));
  const form = useForm({ initialValues: EMPTY, validate });
  const [done, setDone] = useState(false);
  const change = useChangePassword(userId);

  function save(values: ChangePasswordValues) {
    change.mutate(
      { current_password: values.currentPassword, password: values.password },
      {
        onSuccess: () => {
          form.reset();
          // One message: the status alert above the form (a notification besides would say it twice).
          setDone(true);
        },
        onError: (error) => {
          const key = accountErrorKey(error);
          if (key === 'accounts.errors.currentPassword') showFieldError(form, 'currentPassword', t(key));
          const refusal = fieldRefusal(error);
          if (refusal?.field === 'password') {
            showFieldError(form, 'password', refusal.message ?? t('errors.invalidRequest'));
          }
        },
      },
    );
  }

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
          <form
            onSubmit={(event) => {
              setDone(false);
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
              <PasswordField field="newPassword" purpose="new" name="password" {...form.getInputProps('password')} />
              <PasswordField
                field="newPasswordAgain"
                purpose="new"
                name="passwordAgain"
                {...form.getInputProps('passwordAgain')}
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
