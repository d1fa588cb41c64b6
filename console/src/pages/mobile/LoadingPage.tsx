import { Loader, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';

/** Hand-over page of the bank-payment and account-transfer flows. */
export default function LoadingPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.Loading'));
  return (
    <Stack align="center" gap="md" py="lg" role="status" aria-live="polite">
      <Title order={1} size="h3">
        {t('pages.Loading')}
      </Title>
      <Loader size="lg" aria-label={t('common.loading')} />
      <Text ta="center">{t('mobile.loadingBody')}</Text>
    </Stack>
  );
}
