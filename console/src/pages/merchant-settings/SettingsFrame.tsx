import '@mantine/core/styles/Skeleton.css';
import { Box, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useDeferredValue } from 'react';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { selectSelectedMerchant, useSessionState } from '@/session';

interface SettingsFrameProps<T, K extends QueryKey> {
  /** The page's title (heading and document title). */
  title: string;
  lead: string;
  /** What the failure says could not be loaded. */
  loadFailed: string;
  /** The page's one query, for the selected merchant. */
  queryOf: (merchantId: number) => UseQueryOptions<T, Error, T, K>;
  /** How many fields the loading placeholder sketches. */
  skeletonFields: number;
  maw: number;
  /** The content once loaded; it is keyed by the merchant, so a merchant switch mounts it afresh. */
  children: (data: T, merchantId: number) => ReactNode;
}

/**
 * A page of the selected merchant built on one query: title and lead, then its loading placeholder,
 * its failure with retry, or its content.
 */
export function SettingsFrame<T, K extends QueryKey>({
  title,
  lead,
  loadFailed,
  queryOf,
  skeletonFields,
  maw,
  children,
}: SettingsFrameProps<T, K>) {
  usePageTitle(title);
  const merchant = useSessionState(selectSelectedMerchant);
  const merchantId = merchant?.merchant_id ?? 0;
  const query = useQuery({ ...queryOf(merchantId), enabled: merchant !== undefined });
  // The data's first arrival renders the content in a deferred pass that React slices, not in the query's
  // synchronous update (as the merchant page does); once shown, newer data replaces it at once.
  const shown = useDeferredValue(query.data);
  if (!merchant) return null;
  let body: ReactNode;
  if (query.isPending) body = <LoadingSketch fields={skeletonFields} />;
  else if (query.isError) body = <QueryErrorAlert query={query} title={loadFailed} />;
  else if (shown === undefined) body = <LoadingSketch fields={skeletonFields} />;
  else body = <Fragment key={merchantId}>{children(query.data, merchantId)}</Fragment>;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text size="sm" c="dimmed">
          {lead}
        </Text>
      </Stack>
      <Box maw={maw}>{body}</Box>
    </Stack>
  );
}

/** The shape of a few fields, announced as loading. */
function LoadingSketch({ fields }: { fields: number }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="lg" role="status" aria-busy>
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
      <Stack gap="md" aria-hidden>
        <Skeleton height={20} width="40%" />
        {Array.from({ length: fields }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Stack key={index} gap={6}>
            <Skeleton height={12} width={120} />
            <Skeleton height={36} maw={420} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
