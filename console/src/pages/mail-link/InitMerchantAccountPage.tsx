import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { activateInvitation } from '@/api/accounts';
import { errorMessageKey } from '@/api/errors';
import { getConfig } from '@/app/config';
import { fieldRefusal, tokenFailure } from '@/components/accountErrors';
import { hasProblems, problemTexts, validatePasswordPair } from '@/components/accountForms';
import { DoneView, TokenFailureView } from '@/components/MailLinkViews';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { readInvitationStep } from './invitationStep';
import { PasswordFields } from './PasswordFields';

/** /mu/invitations: accepts the invitation (setting the first password when the account has none). */
export default function InitMerchantAccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.InitMerchantAccount'));
  const step = readInvitationStep(useSearch({ strict: false }) as Record<string, string>);
  const min = getConfig().passwordMinLength;
  const [values, setValues] = useState({ password: '', passwordAgain: '' });
  const [errors, setErrors] = useState<{ password?: string; passwordAgain?: string }>({});
  const activation = useMutation({ mutationFn: activateInvitation });

  if (!step) return <TokenFailureView failure="invalid" flow="invitation" />;
  const failure = activation.isError ? tokenFailure(activation.error) : null;
  if (failure) return <TokenFailureView failure={failure} flow="invitation" />;
  if (activation.isSuccess) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          {t('pages.InitMerchantAccount')}
        </Title>
        <DoneView heading={t('accounts.invitation.doneHeading')}>
          <Text size="sm">{t('accounts.invitation.doneBody', { email: activation.data.email })}</Text>
        </DoneView>
      </Stack>
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!step) return;
    if (step.needs_password) {
      const problems = validatePasswordPair(values, min);
      setErrors(problemTexts(t, problems));
      if (hasProblems(problems)) return;
    }
    activation.mutate(
      {
        activate_token: step.activate_token,
        email_token: step.email_token,
        pass_token: step.pass_token,
        ...(step.needs_password ? { password: values.password } : {}),
      },
      {
        onError: (error) => {
          const refusal = fieldRefusal(error);
          if (refusal?.field === 'password') setErrors({ password: refusal.message ?? t('errors.invalidRequest') });
        },
      },
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('pages.InitMerchantAccount')}
      </Title>
      <Text size="sm">
        {step.needs_password
          ? t('accounts.invitation.setPasswordLead', { min })
          : t('accounts.invitation.existingPasswordLead')}
      </Text>
      {activation.isError && !fieldRefusal(activation.error) && (
        <Alert color="red" variant="light" role="alert">
          {t(errorMessageKey(activation.error))}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {step.needs_password && (
            <PasswordFields
              password={values.password}
              passwordAgain={values.passwordAgain}
              errors={errors}
              onChange={(field, value) => {
                setValues((current) => ({ ...current, [field]: value }));
                setErrors((current) => ({ ...current, [field]: undefined }));
              }}
            />
          )}
          <Button type="submit" fullWidth loading={activation.isPending}>
            {t('accounts.actions.register')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
