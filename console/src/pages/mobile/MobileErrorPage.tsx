import { Alert, Stack, Title } from '@mantine/core';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { ReturnToAppButton } from './ReturnToAppButton';

/** The error end of the bank-payment and eKYC flows. */
export default function MobileErrorPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.MobileError'));
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('mobile.errorHeading')}
      </Title>
      <Alert color="red" variant="light">
        {t('mobile.errorBody')}
      </Alert>
      <ReturnToAppButton />
    </Stack>
  );
}
