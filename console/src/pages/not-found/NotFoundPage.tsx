import { NAMED_PATHS } from '@coin/contract';
import { Button, Stack, Text, Title } from '@mantine/core';
import { PublicFrame } from '@/components/PublicFrame';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';

/** Unknown paths, and intermediary paths on other hosts. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.NotFound'));
  return (
    <PublicFrame>
      <Stack gap="md" align="center">
        <Title order={1} size="h3">
          {t('pages.NotFound')}
        </Title>
        <Text ta="center">{t('notFound.body')}</Text>
        <Button component={AppLink} to={NAMED_PATHS.Top}>
          {t('actions.backToTop')}
        </Button>
      </Stack>
    </PublicFrame>
  );
}
