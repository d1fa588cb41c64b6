import { NAMED_PATHS } from '@coin/contract';
import { Alert, Anchor, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessageKey } from '@/api/errors';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import { pathOf } from '@/router/paths';
import type { TokenFailure } from './accountErrors';

/** Which mailed link a page serves: it decides what a used or expired link tells the reader. */
export type LinkFlow = 'invitation' | 'password' | 'email';

/** The page a refused link shows: unknown, used or expired, each with its own heading and way on. */
export function TokenFailureView({ failure, flow }: { failure: TokenFailure; flow: LinkFlow }) {
  const { t } = useTranslation();
  const heading =
    failure === 'used'
      ? t('accounts.token.usedHeading')
      : failure === 'expired'
        ? t('accounts.token.expiredHeading')
        : t('accounts.token.invalidHeading');
  const body =
    failure === 'used'
      ? t(`accounts.token.used.${flow}`)
      : failure === 'expired'
        ? t(`accounts.token.expired.${flow}`)
        : failure === 'emailTaken'
          ? t('accounts.token.emailTaken')
          : t('accounts.token.invalidBody');
  const offerReset = flow === 'password' && failure !== 'used';
  return (
    <Stack gap="md" data-token-failure={failure}>
      <Title order={1} size="h3">
        {heading}
      </Title>
      <Text>{body}</Text>
      {offerReset && (
        <Button component={AppLink} to={pathOf('ForgetPassword')} variant="light">
          {t('accounts.actions.toForget')}
        </Button>
      )}
      <Anchor component={AppLink} to={NAMED_PATHS.Login}>
        {t('actions.backToLogin')}
      </Anchor>
    </Stack>
  );
}

/** The end of a flow: what happened and the way to sign in. */
export function DoneView({ heading, children }: { heading: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" role="status" title={heading}>
        {children}
      </Alert>
      <Button component={AppLink} to={NAMED_PATHS.Login}>
        {t('actions.backToLogin')}
      </Button>
    </Stack>
  );
}

/** While a mailed link's token is being checked. */
export function CheckingView({ text }: { text: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text>{text}</Text>
      </Stack>
    </Center>
  );
}

/** A failure other than the token's (network, rate limit, server): the text and a retry. */
export function FailureAlert({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={t('errors.loadFailed')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t(errorMessageKey(error))}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" loading={retrying} onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
