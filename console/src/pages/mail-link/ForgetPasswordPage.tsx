import { NAMED_PATHS } from '@coin/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { requestPasswordReset } from '@/api/accounts';
import { errorMessageKey } from '@/api/errors';
import { emailProblem, problemText } from '@/components/accountForms';
import { DoneView } from '@/components/MailLinkViews';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';

/** /forget: asks for a reset link; the answer never tells whether the address is registered. */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.ForgetPassword'));
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const request = useMutation({ mutationFn: requestPasswordReset });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found ? problemText(t, found) : null);
    if (!found) request.mutate(email.trim());
  }

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
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('accounts.fields.email')}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            required
            withAsterisk={false}
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
          />
          <Button type="submit" fullWidth loading={request.isPending}>
            {t('accounts.actions.send')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={NAMED_PATHS.Login} ta="center" size="sm">
        {t('actions.backToLogin')}
      </Anchor>
    </Stack>
  );
}
