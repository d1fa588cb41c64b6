import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Skeleton.css';
import { IDLE_TIMEOUT_DEFAULT_MINUTES } from '@coin/contract';
import { Alert, Button, Group, NativeSelect, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { idleTimeoutQueries, usePutIdleTimeout } from '@/api/idleTimeout';
import { apiErrorText } from '@/components/apiErrorText';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { useTranslation } from '@/i18n';

/** The minutes offered; the default (what PCI DSS asks of administrative access) among them. */
export const IDLE_MINUTE_CHOICES = [5, 10, IDLE_TIMEOUT_DEFAULT_MINUTES, 30, 60] as const;

/** The choices, with a value set some other way (the server takes any minute from 5 to 60) kept in order. */
const choicesWith = (current: number | undefined) =>
  current === undefined || IDLE_MINUTE_CHOICES.some((m) => m === current)
    ? [...IDLE_MINUTE_CHOICES]
    : [...IDLE_MINUTE_CHOICES, current].sort((a, b) => a - b);

/**
 * The Owner's minutes a sign-in to the shop may stay unused before it ends (issue 48): a choice and 保存.
 * Saving is a step-up call (the API client opens the shell's dialog); the shop's open sign-ins take the
 * new minutes at once.
 */
export function IdleTimeoutCard({ merchantId }: { merchantId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const setting = useQuery(idleTimeoutQueries.merchant(merchantId));
  const put = usePutIdleTimeout(merchantId);
  // What the Owner chose and has not saved yet; null: the saved value shows.
  const [chosen, setChosen] = useState<number | null>(null);
  const shown = chosen ?? setting.data?.minutes;
  const pending = setting.isPending;

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (shown === undefined || put.isPending) return;
    put.mutate(shown, {
      onSuccess: (answer) => {
        setChosen(null);
        notifications.show({ color: 'teal', message: t('idle.setting.saved', { minutes: answer.minutes }) });
      },
    });
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('idle.setting.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('idle.setting.lead')}
        </Text>
        <Text size="sm">{t('idle.setting.pci')}</Text>
        {setting.isError ? (
          <QueryErrorAlert query={setting} title={t('idle.setting.loadFailed')} />
        ) : (
          <form onSubmit={save} noValidate>
            <Group align="flex-end" gap="sm">
              <Skeleton visible={pending} width="fit-content" aria-hidden={pending || undefined}>
                <NativeSelect
                  label={t('idle.setting.minutesLabel')}
                  data={choicesWith(setting.data?.minutes).map((minutes) => ({
                    value: String(minutes),
                    label: t('idle.setting.minutes', { minutes }),
                  }))}
                  value={shown === undefined ? '' : String(shown)}
                  onChange={(event) => {
                    put.reset();
                    setChosen(Number(event.currentTarget.value));
                  }}
                  disabled={pending}
                  w={200}
                />
              </Skeleton>
              <Button type="submit" loading={put.isPending} disabled={pending}>
                {t('idle.setting.save')}
              </Button>
            </Group>
          </form>
        )}
        {put.isError && (
          <Alert color="red" variant="light" role="alert" title={t('idle.setting.failed')}>
            {apiErrorText(t, put.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
