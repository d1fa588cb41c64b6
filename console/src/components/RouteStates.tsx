import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from '@/i18n';

/** Shown while a route's page chunk or the session loads. */
export function PagePending() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader aria-label={t('common.loading')} />
    </Center>
  );
}

/** Shown when rendering a route fails (a chunk that no longer exists after a deploy, a bug). */
export function PageError() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" p="md">
      <Stack maw={480}>
        <Alert color="red" title={t('errors.unexpected')}>
          <Button variant="light" color="red" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>
        </Alert>
      </Stack>
    </Center>
  );
}
