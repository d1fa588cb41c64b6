import { Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '@/i18n';

/** The frame of the worked example beside the rebate form (also shown, empty, while the example loads). */
export function ExampleCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      aria-live="polite"
      bg="gray.0"
      radius="md"
      p="md"
      style={{ flex: '1 1 280px' }}
      maw={380}
    >
      <Stack gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {t('rebateCoin.example.title')}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
