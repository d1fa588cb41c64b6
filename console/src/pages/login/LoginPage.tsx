import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { errorMessageKey } from '@/api/errors';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { pathOf } from '@/router/paths';
import { hrefWithQuery } from '@/router/search';
import { session } from '@/session';
import { type LoginFieldErrors, loginTarget, validateLogin } from './loginForm';

const NO_ERRORS: LoginFieldErrors = { email: null, password: null };

export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.Login'));
  const search = useSearch({ strict: false }) as Record<string, string>;
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [keepSignedIn, setKeepSignedIn] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>(NO_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = validateLogin({ email, password });
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setFailure(null);
    setSubmitting(true);
    try {
      await session.login({ email: email.trim(), password, keepSignedIn });
      const target = loginTarget(search);
      await navigate({ href: hrefWithQuery(target.path, target.query), replace: true });
    } catch (error) {
      setFailure(t(errorMessageKey(error)));
      setSubmitting(false);
    }
  }

  const emailError =
    fieldErrors.email === 'required'
      ? t('validation.required', { field: t('fields.email') })
      : fieldErrors.email === 'format'
        ? t('validation.email')
        : null;
  const passwordError = fieldErrors.password ? t('validation.required', { field: t('fields.password') }) : null;
  const showAuthError = search.authError === 'true' && failure === null;

  return (
    <Stack gap="lg">
      <Title order={1} size="h3" ta="center">
        {t('login.heading')}
      </Title>
      {showAuthError && (
        <Alert color="red" role="alert" variant="light">
          {t('errors.authError')}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert" variant="light">
          {failure}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            required
            withAsterisk={false}
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setFieldErrors((errors) => ({ ...errors, email: null }));
            }}
            error={emailError}
          />
          <PasswordInput
            label={t('fields.password')}
            name="password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setFieldErrors((errors) => ({ ...errors, password: null }));
            }}
            error={passwordError}
            visibilityToggleButtonProps={{ 'aria-label': t('actions.toggleSecretVisibility') }}
          />
          <Checkbox
            label={t('fields.keepSignedIn')}
            name="keepSignedIn"
            checked={keepSignedIn}
            onChange={(event) => setKeepSignedIn(event.currentTarget.checked)}
          />
          <Button type="submit" fullWidth loading={submitting}>
            {t('actions.login')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={pathOf('ForgetPassword')} ta="center" size="sm">
        {t('actions.forgotPassword')}
      </Anchor>
    </Stack>
  );
}
