import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Badge.css';
import { COUPON_STATUSES, type Coupon, PAYING_ROLES } from '@coin/contract';
import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { CsvButton } from '@/components/FileDownload';
import { ListSection } from '@/components/ListSection';
import type { Column } from '@/components/ListTable';
import { PeriodFilter } from '@/components/PeriodFilter';
import { StatusFilter } from '@/components/StatusFilter';
import { TwoLineCell } from '@/components/TwoLineCell';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { formatCoin, formatDate } from '@/format';
import { useTranslation } from '@/i18n';
import { selectRole, selectSelectedMerchant, useSessionState } from '@/session';
import CreateCouponForm from './CreateCouponForm';
import {
  COUPON_STATUS_COLORS,
  canStopCoupon,
  couponStatusKey,
  discountLabel,
  minPurchaseLabel,
  periodShowing,
  stockLabel,
  validityLabel,
} from './couponLabels';
import { couponListQuery } from './couponQueries';
import { couponSearch } from './couponSearch';

// The confirm dialog (Mantine's modal parts) loads with its first use. The create form comes with the
// page: loaded after it, it replaced a placeholder of another height above the list and moved the list
// (a layout shift of 0.19 on a phone, where the form is 1,129 px tall and the placeholder was 420).
const StopCouponDialog = lazy(() => import('./StopCouponDialog'));

/** Coupon (every role reads; Owner and Manager create and stop): the merchant's coupons valid in the period. */
export default function CouponPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.Coupon'));
  const merchant = useSessionState(selectSelectedMerchant);
  const canManage = PAYING_ROLES.includes(useSessionState(selectRole));
  const [search, update] = useListSearch(couponSearch);
  const { status } = search;
  const [stopping, setStopping] = useState<Coupon | null>(null);

  const merchantId = merchant?.merchant_id ?? 0;
  const query = useQuery({
    ...couponListQuery(merchantId, search),
    enabled: merchant !== undefined,
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<Column<Coupon>[]>(() => {
    const all: Column<Coupon>[] = [
      {
        key: 'name',
        mobile: 'primary',
        header: t('coupon.list.name'),
        // Names wrap inside the column (list cells do not wrap by default).
        render: (row) => (
          <Stack gap={0} miw={140} maw={240}>
            <Text span size="sm" fw={500} style={{ whiteSpace: 'normal' }}>
              {row.name}
            </Text>
            {/* The id the operator's and the app's references use. */}
            <Text span size="xs" c="dimmed">
              {t('coupon.list.id', { id: row.id })}
            </Text>
          </Stack>
        ),
      },
      {
        key: 'discount',
        mobile: 'primary',
        header: t('coupon.list.discount'),
        align: 'right',
        render: (row) => (
          <Text span size="sm" fw={700}>
            {discountLabel(t, row)}
          </Text>
        ),
      },
      {
        key: 'min_purchase',
        header: t('coupon.list.minPurchase'),
        align: 'right',
        render: (row) => minPurchaseLabel(t, row.min_purchase),
      },
      {
        key: 'period',
        header: t('coupon.list.period'),
        render: (row) => validityLabel(t, row.starts_on, row.ends_on),
      },
      { key: 'stock', header: t('coupon.list.stock'), align: 'right', render: (row) => stockLabel(t, row) },
      {
        key: 'uses',
        header: t('coupon.list.uses'),
        align: 'right',
        render: (row) => (
          <TwoLineCell
            main={t('coupon.list.useCount', { uses: formatCoin(row.use_count) })}
            sub={t('coupon.list.discountTotal', { amount: formatCoin(row.discount_total) })}
          />
        ),
      },
      {
        key: 'status',
        mobile: 'primary',
        header: t('fields.status'),
        render: (row) => (
          <Stack gap={2} align="flex-start">
            <Badge variant="light" color={COUPON_STATUS_COLORS[row.status]} size="sm">
              {t(couponStatusKey(row.status))}
            </Badge>
            {row.stopped_at && (
              <Text span size="xs" c="dimmed">
                {t('coupon.list.stoppedAt', { date: formatDate(row.stopped_at) })}
              </Text>
            )}
          </Stack>
        ),
      },
    ];
    if (!canManage) return all;
    return [
      ...all,
      {
        key: 'actions',
        mobile: 'primary',
        header: t('fields.actions'),
        render: (row) =>
          canStopCoupon(row) && (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              aria-label={t('coupon.list.stopLabel', { name: row.name })}
              onClick={() => setStopping(row)}
            >
              {t('coupon.list.stop')}
            </Button>
          ),
      },
    ];
  }, [t, canManage]);

  if (!merchant) return null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('pages.Coupon')}</Title>
        <Text size="sm" c="dimmed">
          {t('coupon.lead')}
        </Text>
        {!canManage && (
          <Text size="sm" c="dimmed">
            {t('coupon.list.readOnly')}
          </Text>
        )}
      </Stack>
      {canManage && (
        <CreateCouponForm
          merchantId={merchant.merchant_id}
          merchantName={merchant.name}
          onCreated={(coupon) => {
            const period = periodShowing(search, coupon);
            if (period) update(period);
          }}
        />
      )}
      <ListSection
        title={t('coupon.list.title')}
        csv={
          <CsvButton
            merchantId={merchant.merchant_id}
            merchantName={merchant.name}
            report="coupons"
            query={{ start_date: search.from, end_date: search.to }}
          />
        }
        controls={
          <>
            <PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />
            <StatusFilter
              statuses={COUPON_STATUSES}
              value={status}
              labelOf={(value) => t(couponStatusKey(value))}
              onChange={(value) => update({ status: value })}
            />
          </>
        }
        summary={
          <Text size="xs" c="dimmed">
            {t('coupon.list.periodHint')}
          </Text>
        }
        columns={columns}
        query={query}
        rowKey={(row) => row.id}
        page={search.page}
        onPageChange={(page) => update({ page })}
        emptyText={t('coupon.list.empty')}
      />
      {stopping !== null && (
        <Suspense fallback={null}>
          <StopCouponDialog merchantId={merchant.merchant_id} coupon={stopping} onClose={() => setStopping(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
