import { Button } from '@mantine/core';
import { getConfig } from '@/app/config';
import { appUrl } from '@/components/appHandover';
import { useTranslation } from '@/i18n';

export function ReturnToAppButton() {
  const { t } = useTranslation();
  return (
    <Button component="a" href={appUrl(getConfig().appHandover.scheme)} fullWidth>
      {t('actions.returnToApp')}
    </Button>
  );
}
