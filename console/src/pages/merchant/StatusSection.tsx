import type { MerchantProfile, MerchantStatus } from '@coin/contract';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from '@/i18n';

// The confirm dialog (Mantine's modal parts) loads with its first use.
const ChangeStatusDialog = lazy(() => import('./ChangeStatusDialog'));

const STATUS_COLORS: Record<MerchantStatus, string> = { OPEN: 'teal', CLOSED: 'gray' };

/** Open or closed for payments in the app; a change goes through a confirm step. */
export function StatusSection({ profile }: { profile: MerchantProfile }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [next, setNext] = useState<MerchantStatus | null>(null);
  const open = profile.status === 'OPEN';

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={6}>
          <Group gap="sm">
            <Title order={2} size="h4" id={titleId}>
              {t('merchantProfile.status.title')}
            </Title>
            <Badge color={STATUS_COLORS[profile.status]} variant={open ? 'filled' : 'outline'} size="lg">
              {t(`merchantProfile.status.${profile.status}`)}
            </Badge>
          </Group>
          <Text size="sm" c={open ? 'dimmed' : 'red.9'}>
            {t(open ? 'merchantProfile.status.openLead' : 'merchantProfile.status.closedLead')}
          </Text>
        </Stack>
        <Button
          variant={open ? 'default' : 'filled'}
          color={open ? 'red' : undefined}
          onClick={() => setNext(open ? 'CLOSED' : 'OPEN')}
        >
          {t(open ? 'merchantProfile.status.close' : 'merchantProfile.status.open')}
        </Button>
      </Group>
      {next !== null && (
        <Suspense fallback={null}>
          <ChangeStatusDialog merchantId={profile.merchant_id} status={next} onClose={() => setNext(null)} />
        </Suspense>
      )}
    </Paper>
  );
}
