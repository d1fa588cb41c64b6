import { Alert, Button } from '@mantine/core';
import { PublicFrame } from '@/components/PublicFrame';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { MantineRoot } from './MantineRoot';

function ConfigError() {
  const { t } = useTranslation();
  usePageTitle(t('errors.configTitle'));
  return (
    <PublicFrame>
      <Alert color="red" title={t('errors.configTitle')}>
        {t('errors.configBody')}
      </Alert>
      <Button mt="md" fullWidth onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </Button>
    </PublicFrame>
  );
}

/** Rendered instead of the app when /config.json cannot be fetched or is not valid. */
export function ConfigErrorScreen() {
  return (
    <MantineRoot>
      <ConfigError />
    </MantineRoot>
  );
}
