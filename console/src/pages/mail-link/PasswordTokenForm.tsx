import { Alert, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { resetPassword } from '@/api/accounts';
import { errorMessageKey } from '@/api/errors';
import { fieldRefusal, tokenFailure } from '@/components/accountErrors';
import { DoneView, TokenFailureView } from '@/components/MailLinkViews';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { usePlainSearch } from '@/router/search';
import { NewPasswordForm } from './NewPasswordForm';

interface PasswordTokenFormProps {
  title: string;
  lead: string;
  doneHeading: string;
  doneBody: string;
}

/** Sets a password from a mailed link's `?token=`: a reset (/password/reset) or the first one (/mu/init). */
export function PasswordTokenForm({ title, lead, doneHeading, doneBody }: PasswordTokenFormProps) {
  const { t } = useTranslation();
  usePageTitle(title);
  const token = usePlainSearch().token ?? '';
  const reset = useMutation({ mutationFn: (password: string) => resetPassword(token, password) });

  if (token === '') return <TokenFailureView failure="invalid" flow="password" />;
  const failure = reset.isError ? tokenFailure(reset.error) : null;
  if (failure) return <TokenFailureView failure={failure} flow="password" />;
  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          {title}
        </Title>
        <DoneView heading={doneHeading}>
          <Text size="sm">{doneBody}</Text>
        </DoneView>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {title}
      </Title>
      <Text size="sm">{lead}</Text>
      {reset.isError && !fieldRefusal(reset.error) && (
        <Alert color="red" variant="light" role="alert">
          {t(errorMessageKey(reset.error))}
        </Alert>
      )}
      <NewPasswordForm pending={reset.isPending} send={(password) => reset.mutateAsync(password ?? '')} />
    </Stack>
  );
}
