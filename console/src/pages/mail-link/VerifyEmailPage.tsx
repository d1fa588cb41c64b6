import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '@/api/accounts';
import { tokenFailure } from '@/components/accountErrors';
import { CheckingView, DoneView, FailureAlert, TokenFailureView } from '@/components/MailLinkViews';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { usePlainSearch } from '@/router/search';

/** /email/verify and /mu/verify: the link mailed to a new address; following it changes the address. */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.VerifyEmail'));
  const token = usePlainSearch().token ?? '';
  const verification = useQuery({ ...accountQueries.emailVerification(token), enabled: token !== '' });

  if (token === '') return <TokenFailureView failure="invalid" flow="email" />;
  const failure = verification.isError ? tokenFailure(verification.error) : null;
  if (failure) return <TokenFailureView failure={failure} flow="email" />;
  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('pages.VerifyEmail')}
      </Title>
      {verification.isPending && <CheckingView text={t('accounts.verifyEmail.verifying')} />}
      {verification.isError && (
        <FailureAlert
          error={verification.error}
          onRetry={() => void verification.refetch()}
          retrying={verification.isFetching}
        />
      )}
      {verification.isSuccess && (
        <DoneView heading={t('accounts.verifyEmail.doneHeading')}>
          <Text size="sm">{t('accounts.verifyEmail.doneBody', { email: verification.data.email })}</Text>
        </DoneView>
      )}
    </Stack>
  );
}
