import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Badge.css';
import { SUBSCRIPTION_STATUSES, type Subscriber } from '@coin/contract';
import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CsvButton } from '@/components/FileDownload';
import { ListSection } from '@/components/ListSection';
import type { Column } from '@/components/ListTable';
import { PeriodFilter } from '@/components/PeriodFilter';
import { StatusFilter } from '@/components/StatusFilter';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { DATE_FORMAT, formatDay } from '@/format';
import { useTranslation } from '@/i18n';
import { type MerchantEntry, selectSelectedMerchant, useSessionState } from '@/session';
import { PlansCard } from './PlansCard';
import { subscriptionsListQuery } from './subscriptionsQueries';
import { subscriptionsSearch } from './subscriptionsSearch';
import { SUBSCRIPTION_STATUS_COLORS, subscriptionMerchantNames, subscriptionStatusKey } from './subscriptionView';

/** A calendar day (2026/12/10), or a dash where there is none. */
function Day({ day }: { day: string | null }) {
  const { t } = useTranslation();
  return <>{day ? formatDay(day, DATE_FORMAT) : t('subscriptions.list.none')}</>;
}

/** Why there is nothing to show: the merchant does not offer subscriptions (the server would refuse the call). */
function NotEnabled({ merchant }: { merchant: MerchantEntry }) {
  const { t } = useTranslation();
  const merchants = useSessionState((state) => state.merchants);
  const others = subscriptionMerchantNames(merchants, merchant.merchant_id);
  return (
    <Alert color="blue" variant="light" title={t('subscriptions.disabled.title')}>
      <Stack gap="xs">
        <Text size="sm">{t('subscriptions.disabled.body')}</Text>
        <Text size="sm">{t('subscriptions.disabled.contact')}</Text>
        {others.length > 0 && <Text size="sm">{t('subscriptions.disabled.others', { names: others.join('、') })}</Text>}
      </Stack>
    </Alert>
  );
}

/** The period (it sets the revenue months), the plans, then every subscriber. */
function SubscriptionsView({ merchant }: { merchant: MerchantEntry }) {
  const { t } = useTranslation();
  const [search, update] = useListSearch(subscriptionsSearch);
  const { status } = search;
  const query = useQuery({
    ...subscriptionsListQuery(merchant.merchant_id, search),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<Column<Subscriber>[]>(
    () => [
      { key: 'plan', mobile: 'primary', header: t('subscriptions.list.plan'), render: (row) => row.plan_name },
      {
        key: 'customer',
        header: t('subscriptions.list.customer'),
        render: (row) => (
          <Text span size="sm" ff="monospace">
            {row.customer_wallet_masked}
          </Text>
        ),
      },
      {
        key: 'status',
        mobile: 'primary',
        header: t('fields.status'),
        render: (row) => (
          <Badge variant="light" size="sm" color={SUBSCRIPTION_STATUS_COLORS[row.status]}>
            {t(subscriptionStatusKey(row.status))}
          </Badge>
        ),
      },
      { key: 'started_on', header: t('subscriptions.list.startedOn'), render: (row) => <Day day={row.started_on} /> },
      {
        key: 'next_charge_on',
        header: t('subscriptions.list.nextChargeOn'),
        render: (row) => <Day day={row.next_charge_on} />,
      },
      { key: 'stopped_on', header: t('subscriptions.list.stoppedOn'), render: (row) => <Day day={row.stopped_on} /> },
    ],
    [t],
  );

  return (
    <>
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('list.filters')}>
        <Stack gap="xs">
          <Group align="flex-end" gap="md" wrap="wrap">
            <PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />
          </Group>
          <Text size="xs" c="dimmed">
            {t('subscriptions.periodHint')}
          </Text>
        </Stack>
      </Paper>
      {/* On a failure (a 403 included) the list below shows the error and its retry; the card would only repeat it. */}
      {!(query.isError && !query.data) && (
        <PlansCard query={query} period={query.isPlaceholderData ? null : { from: search.from, to: search.to }} />
      )}
      <ListSection
        title={t('subscriptions.list.title')}
        controls={
          <StatusFilter
            statuses={SUBSCRIPTION_STATUSES}
            value={status}
            labelOf={(value) => t(subscriptionStatusKey(value))}
            onChange={(value) => update({ status: value })}
          />
        }
        csv={
          <CsvButton
            merchantId={merchant.merchant_id}
            merchantName={merchant.name}
            report="subscribers"
            query={{ start_date: search.from, end_date: search.to }}
          />
        }
        columns={columns}
        query={query}
        rowKey={(row) => row.id}
        page={search.page}
        onPageChange={(page) => update({ page })}
        emptyText={t('subscriptions.list.empty')}
      />
    </>
  );
}

/** Subscriptions (every role): the plans and subscribers where the merchant's allow_subscription is on. */
export default function SubscriptionsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.Subscriptions'));
  const merchant = useSessionState(selectSelectedMerchant);
  if (!merchant) return null;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.Subscriptions')}</Title>
        {merchant.allow_subscription && (
          <Text size="sm" c="dimmed">
            {t('subscriptions.lead')}
          </Text>
        )}
      </Stack>
      {merchant.allow_subscription ? (
        // Keyed by merchant: after a switch nothing of the previous merchant stays on screen while loading.
        <SubscriptionsView key={merchant.merchant_id} merchant={merchant} />
      ) : (
        <NotEnabled merchant={merchant} />
      )}
    </Stack>
  );
}
