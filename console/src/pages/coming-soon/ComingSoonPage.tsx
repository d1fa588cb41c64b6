import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/usePageTitle';
import { useRouteName } from '@/components/useRouteName';
import { pageTitleKey } from '@/i18n/keys';

/** The placeholder of every signed-in page that a later issue builds. */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  const title = t(pageTitleKey(useRouteName()));
  usePageTitle(title);
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Paper withBorder p="xl" radius="md">
        <Stack gap="xs" align="center" py="xl">
          <Text fw={700} fz="lg">
            {t('common.comingSoon')}
          </Text>
          <Text c="dimmed">{t('common.comingSoonDetail')}</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
