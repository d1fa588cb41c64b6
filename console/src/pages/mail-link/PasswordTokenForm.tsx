import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { resetPassword } from '@/api/accounts';
import { errorMessageKey } from '@/api/errors';
import { getConfig } from '@/app/config';
import { fieldRefusal, tokenFailure } from '@/components/accountErrors';
import { hasProblems, problemTexts, validatePasswordPair } from '@/components/accountForms';
import { DoneView, TokenFailureView } from '@/components/MailLinkViews';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { PasswordFields } from './PasswordFields';

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
  const token = (useSearch({ strict: false }) as Record<string, string>).token ?? '';
  const min = getConfig().passwordMinLength;
  const [values, setValues] = useState({ password: '', passwordAgain: '' });
  const [errors, setErrors] = useState<{ password?: string; passwordAgain?: string }>({});
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

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = validatePasswordPair(values, min);
    setErrors(problemTexts(t, problems));
    if (!hasProblems(problems)) {
      reset.mutate(values.password, {
        onError: (error) => {
          const refusal = fieldRefusal(error);
          if (refusal?.field === 'password') setErrors({ password: refusal.message ?? t('errors.invalidRequest') });
        },
      });
    }
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
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordFields
            password={values.password}
            passwordAgain={values.passwordAgain}
            errors={errors}
            onChange={(field, value) => {
              setValues((current) => ({ ...current, [field]: value }));
              setErrors((current) => ({ ...current, [field]: undefined }));
            }}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            {t('accounts.actions.register')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
