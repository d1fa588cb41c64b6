import { NAMED_PATHS } from '@coin/contract';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/usePageTitle';
import { useRouteName } from '@/components/useRouteName';
import { pageTitleKey } from '@/i18n/keys';

/** The public verification pages (password reset, invitations, email checks) until their issue builds them. */
export default function VerificationPlaceholderPage() {
  const { t } = useTranslation();
  const title = t(pageTitleKey(useRouteName()));
  usePageTitle(title);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {title}
      </Title>
      <Text>{t('placeholder.body')}</Text>
      <Text c="dimmed" size="sm">
        {t('placeholder.detail')}
      </Text>
      <Anchor component={Link} to={NAMED_PATHS.Login}>
        {t('actions.backToLogin')}
      </Anchor>
    </Stack>
  );
}
