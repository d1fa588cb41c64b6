import { APP_ROUTES, type AppRouteName, canOpen, type Role, type SetupProgress, type SetupStep } from '@coin/contract';
import { Anchor, Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';

/** The page each step is done on. */
const STEP_ROUTES: Record<SetupStep, AppRouteName> = {
  profile: 'Merchant',
  images: 'Merchant',
  bank_account: 'MerchantBankAccount',
  qr_poster: 'QRCode',
};

/** Where the user's role may do a step: its page's path, or null (an Owner does it). */
export function stepPath(step: SetupStep, role: Role | null) {
  const route = APP_ROUTES.find((candidate) => candidate.name === STEP_ROUTES[step]);
  return route && role && canOpen(route, role) ? route.path : null;
}

/**
 * Top's setup checklist for a merchant that has not finished setting up (a just-signed-up shop): each
 * step ticked when done, linked to its page when the user's role may do it. Nothing once all are done,
 * nor while it loads or when it cannot be read (Top's other cards say what is wrong).
 */
export function SetupChecklist({
  query,
  userRole,
}: {
  query: Pick<UseQueryResult<SetupProgress>, 'data'>;
  userRole: Role | null;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const progress = query.data;
  if (!progress || progress.complete) return null;
  const done = progress.steps.filter((step) => step.done).length;
  return (
    <Card component="section" withBorder radius="md" padding="lg" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id={headingId}>
            {t('top.setup.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('top.setup.progress', { done, total: progress.steps.length })}
          </Text>
        </Group>
        <Text size="sm">{t('top.setup.lead')}</Text>
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {progress.steps.map(({ step, done: stepDone }, index) => {
            const path = stepPath(step, userRole);
            return (
              <Group component="li" key={step} wrap="nowrap" align="flex-start" gap="sm">
                <ThemeIcon
                  radius="xl"
                  size="md"
                  variant={stepDone ? 'filled' : 'light'}
                  color={stepDone ? 'teal.8' : 'gray'}
                  aria-hidden
                >
                  {stepDone ? '✓' : index + 1}
                </ThemeIcon>
                <Stack gap={2} style={{ flex: 1 }}>
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      {t(`top.setup.steps.${step}.title`)}
                    </Text>
                    <Badge size="sm" variant="light" color={stepDone ? 'teal' : 'orange'}>
                      {stepDone ? t('top.setup.done') : t('top.setup.todo')}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t(`top.setup.steps.${step}.body`)}
                  </Text>
                  {!stepDone &&
                    (path ? (
                      <Anchor component={AppLink} to={path} size="sm">
                        {t(`top.setup.steps.${step}.action`)}
                      </Anchor>
                    ) : (
                      <Text size="xs">{t('top.setup.askOwner')}</Text>
                    ))}
                </Stack>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}
