import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { ReturnToAppButton } from './ReturnToAppButton';

/** The cancel end of the bank-payment and eKYC flows. */
export default function MobileCancelPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.MobileCancel'));
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('mobile.cancelHeading')}
      </Title>
      <Text>{t('mobile.cancelBody')}</Text>
      <ReturnToAppButton />
    </Stack>
  );
}
