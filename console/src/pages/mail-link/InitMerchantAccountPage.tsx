import { Alert, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { activateInvitation } from '@/api/accounts';
import { errorMessageKey } from '@/api/errors';
import { getConfig } from '@/app/config';
import { fieldRefusal, tokenFailure } from '@/components/accountErrors';
import { DoneView, TokenFailureView } from '@/components/MailLinkViews';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { usePlainSearch } from '@/router/search';
import { readInvitationStep } from './invitationStep';
import { NewPasswordForm } from './NewPasswordForm';

/** /mu/invitations: accepts the invitation (setting the first password when the account has none). */
export default function InitMerchantAccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.InitMerchantAccount'));
  const step = readInvitationStep(usePlainSearch());
  const min = getConfig().passwordMinLength;
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

  const accept = (password: string | undefined) =>
    activation.mutateAsync({
      activate_token: step.activate_token,
      email_token: step.email_token,
      pass_token: step.pass_token,
      ...(password === undefined ? {} : { password }),
    });

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
      <NewPasswordForm withPassword={step.needs_password} pending={activation.isPending} send={accept} />
    </Stack>
  );
}
