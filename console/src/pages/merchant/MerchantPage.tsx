import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { merchantProfileQueries } from '@/api/merchantProfile';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { usePageTitle } from '@/components/usePageTitle';
import { formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import { selectSelectedMerchant, useSessionState } from '@/session';
import { ImageUploadCard } from './ImageUploadCard';
import { IMAGE_MAX_MEGABYTES } from './imageFile';
import { ProfileForm } from './ProfileForm';
import { StatusSection } from './StatusSection';
import { TagsSection } from './TagsSection';

/** /merchant (Owner): the merchant's profile, open / closed status, images and tags as the app shows them. */
export default function MerchantPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.Merchant'));
  const merchant = useSessionState(selectSelectedMerchant);
  const merchantId = merchant?.merchant_id ?? 0;
  const query = useQuery({ ...merchantProfileQueries.detail(merchantId), enabled: merchantId > 0 });
  // The profile's first arrival renders the whole page (status, the long form, images, tags) in a
  // deferred pass that React slices, not in the query's synchronous update (one ~400 ms task at a phone's
  // CPU before); once shown, a saved profile replaces it at once (the form's baseline must not lag).
  const shown = useDeferredValue(query.data);
  const profile = shown === undefined ? undefined : query.data;

  return (
    <Stack gap="lg" maw={1080}>
      <Stack gap={4}>
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={1}>{t('pages.Merchant')}</Title>
          {profile && (
            <Text size="sm" c="dimmed">
              {t('merchantProfile.updatedAt', { date: formatDateTime(profile.updated_at) })}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('merchantProfile.lead')}
        </Text>
      </Stack>
      {query.isError && !profile ? (
        <QueryErrorAlert query={query} title={t('merchantProfile.loadFailed')} />
      ) : !profile ? (
        <Stack gap="lg" role="status" aria-busy aria-label={t('merchantProfile.loading')}>
          <Skeleton height={96} radius="md" />
          <Skeleton height={520} radius="md" />
          <Skeleton height={280} radius="md" />
        </Stack>
      ) : (
        <>
          <StatusSection profile={profile} />
          <ProfileForm key={profile.merchant_id} profile={profile} />
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="merchant-images-title">
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={2} size="h4" id="merchant-images-title">
                  {t('merchantProfile.images.title')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('merchantProfile.images.lead')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('merchantProfile.images.formats', { max: IMAGE_MAX_MEGABYTES })}
                  {t('merchantProfile.images.metadata')}
                </Text>
              </Stack>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <ImageUploadCard
                  key={`thumbnail-${profile.merchant_id}`}
                  merchantId={profile.merchant_id}
                  kind="thumbnail"
                  currentPath={profile.thumbnail_url}
                />
                <ImageUploadCard
                  key={`image-${profile.merchant_id}`}
                  merchantId={profile.merchant_id}
                  kind="image"
                  currentPath={profile.image_url}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
          <TagsSection key={profile.merchant_id} merchantId={profile.merchant_id} />
        </>
      )}
    </Stack>
  );
}
