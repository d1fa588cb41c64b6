import '@mantine/core/styles/Chip.css';
import { MERCHANT_TAGS_MAX, type MerchantTag } from '@coin/contract';
import { Alert, Button, Chip, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { merchantProfileQueries, useSetMerchantTags } from '@/api/merchantProfile';
import { apiErrorText } from '@/components/apiErrorText';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { useTranslation } from '@/i18n';

/** The tags customers find the merchant by in the app: chosen from the service's list, at most MERCHANT_TAGS_MAX. */
export function TagsSection({ merchantId }: { merchantId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useQuery(merchantProfileQueries.tags(merchantId));

  let body: ReactNode;
  if (query.data) {
    body = <TagsForm merchantId={merchantId} items={query.data.items} savedIds={query.data.selected_ids} />;
  } else if (query.isError) {
    body = <QueryErrorAlert query={query} title={t('merchantProfile.tags.loadFailed')} />;
  } else {
    body = (
      <Group gap="xs" aria-busy aria-label={t('common.loading')} role="status">
        {[72, 96, 64, 88, 80, 72].map((width, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Skeleton key={index} height={30} width={width} radius="xl" />
        ))}
      </Group>
    );
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={titleId}>
            {t('merchantProfile.tags.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('merchantProfile.tags.lead', { max: MERCHANT_TAGS_MAX })}
          </Text>
        </Stack>
        {body}
      </Stack>
    </Paper>
  );
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

function TagsForm({ merchantId, items, savedIds }: { merchantId: number; items: MerchantTag[]; savedIds: number[] }) {
  const { t } = useTranslation();
  const legendId = useId();
  const save = useSetMerchantTags(merchantId);
  const [chosen, setChosen] = useState<string[]>(() => savedIds.map(String));
  const chosenIds = chosen.map(Number);
  const full = chosen.length >= MERCHANT_TAGS_MAX;
  const changed = !sameIds(chosenIds, savedIds);

  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('merchantProfile.tags.none')}
      </Text>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(chosenIds, {
      onSuccess: (answer) => {
        setChosen(answer.selected_ids.map(String));
        notifications.show({ color: 'teal', message: t('merchantProfile.tags.saved') });
      },
    });
  };

  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Stack gap="xs" role="group" aria-labelledby={legendId}>
          <Group justify="space-between" gap="xs">
            <Text fw={500} size="sm" id={legendId}>
              {t('merchantProfile.tags.legend')}
            </Text>
            <Text size="sm" c={full ? 'orange.8' : 'dimmed'} aria-live="polite">
              {t('merchantProfile.tags.count', { count: chosen.length, max: MERCHANT_TAGS_MAX })}
            </Text>
          </Group>
          <Chip.Group
            multiple
            value={chosen}
            onChange={(value) => {
              setChosen(value.slice(0, MERCHANT_TAGS_MAX));
              if (save.isError) save.reset();
            }}
          >
            <Group gap="xs">
              {items.map((tag) => {
                const value = String(tag.id);
                return (
                  <Chip key={tag.id} value={value} disabled={full && !chosen.includes(value)} variant="outline">
                    {tag.name}
                  </Chip>
                );
              })}
            </Group>
          </Chip.Group>
          {full && (
            <Text size="xs" c="dimmed">
              {t('merchantProfile.tags.full', { max: MERCHANT_TAGS_MAX })}
            </Text>
          )}
        </Stack>
        {save.isError && (
          <Alert color="red" variant="light" role="alert" title={t('merchantProfile.tags.failed')}>
            {apiErrorText(t, save.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            {t('merchantProfile.tags.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
