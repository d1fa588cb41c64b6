import { NAMED_PATHS } from '@coin/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { requestPasswordReset } from '@/api/accounts';
import { errorMessageKey } from '@/api/errors';
import { useAccountRules } from '@/components/accountFormRules';
import { focusOnInvalid } from '@/components/formFocus';
import { DoneView } from '@/components/MailLinkViews';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';

/** /forget: asks for a reset link; the answer never tells whether the address is registered. */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.ForgetPassword'));
  const validate = useAccountRules<{ email: string }>((schemas) => schemas.resetRequestSchema(t));
  const form = useForm({ initialValues: { email: '' }, validate });
  const request = useMutation({ mutationFn: requestPasswordReset });

  if (request.isSuccess) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('pages.ForgetPassword')}
        </Title>
        <DoneView heading={t('accounts.forget.sentHeading')}>
          <Text size="sm">{t('accounts.forget.sentBody', { email: request.variables })}</Text>
          <Text size="sm" mt="xs">
            {t('accounts.forget.sentHint')}
          </Text>
        </DoneView>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('pages.ForgetPassword')}
      </Title>
      <Text size="sm">{t('accounts.forget.lead')}</Text>
      {request.isError && (
        <Alert color="red" variant="light" role="alert">
          {t(errorMessageKey(request.error))}
        </Alert>
      )}
      <form onSubmit={form.onSubmit((values) => request.mutate(values.email.trim()), focusOnInvalid(form))} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('accounts.fields.email')}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            required
            withAsterisk={false}
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth loading={request.isPending}>
            {t('accounts.actions.send')}
          </Button>
        </Stack>
      </form>
      <Anchor component={AppLink} to={NAMED_PATHS.Login} ta="center" size="sm">
        {t('actions.backToLogin')}
      </Anchor>
    </Stack>
  );
}
