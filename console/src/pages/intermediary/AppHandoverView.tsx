import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { getConfig } from '@/app/config';
import { handoverTargets } from '@/components/appHandover';
import { PublicFrame } from '@/components/PublicFrame';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';

interface Props {
  heading: string;
  body: string;
  buttonLabel: string;
  action: string;
}

/**
 * Hands the visitor over to the mobile app: tries the custom scheme at once, then offers a button (the
 * universal link where configured, components/appHandover.ts) and store links.
 */
export function AppHandoverView({ heading, body, buttonLabel, action }: Props) {
  const { t } = useTranslation();
  usePageTitle(heading);
  const handover = getConfig().appHandover;
  const { automatic, button } = handoverTargets(handover, action, window.location.search);

  useEffect(() => {
    window.location.assign(automatic);
  }, [automatic]);

  return (
    <PublicFrame>
      <Stack gap="md">
        <Title order={1} size="h3" ta="center">
          {heading}
        </Title>
        <Text>{body}</Text>
        <Button component="a" href={button} size="md" fullWidth>
          {buttonLabel}
        </Button>
        <Text size="sm" c="dimmed">
          {t('intermediary.notInstalled')}
        </Text>
        <Group justify="center" gap="lg">
          <Anchor href={handover.iosStoreUrl} target="_blank" rel="noopener noreferrer">
            {t('intermediary.appStore')}
          </Anchor>
          <Anchor href={handover.androidStoreUrl} target="_blank" rel="noopener noreferrer">
            {t('intermediary.googlePlay')}
          </Anchor>
        </Group>
      </Stack>
    </PublicFrame>
  );
}
