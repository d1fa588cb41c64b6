import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Badge.css';
import { URL_PAYMENT_STATUSES, type UrlPayment } from '@coin/contract';
import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { CoinAmount } from '@/components/CoinAmount';
import { CopyUrl } from '@/components/CopyUrl';
import { CsvButton } from '@/components/FileDownload';
import { ListSection } from '@/components/ListSection';
import type { Column } from '@/components/ListTable';
import { PeriodFilter } from '@/components/PeriodFilter';
import { StatusFilter } from '@/components/StatusFilter';
import { TwoLineCell } from '@/components/TwoLineCell';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { formatCoin, formatDate, formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import { periodShowing, tokyoDay } from '@/router/search';
import { selectSelectedMerchant, useSessionState } from '@/session';
import { CreateLinkForm } from './CreateLinkForm';
import { canStopLink, LINK_STATUS_COLORS } from './linkForm';
import { urlPaymentListQuery } from './urlPaymentQueries';
import { urlPaymentSearch } from './urlPaymentSearch';

// The dialogs (Mantine's modal parts, and qrcode.react) load with their first use.
const QrDialog = lazy(() => import('./QrDialog'));
const StopLinkDialog = lazy(() => import('./StopLinkDialog'));

const urlTextId = (link: UrlPayment) => `url-payment-${link.id}-url`;

/** An instant on two lines (day, then time), to keep the list narrow. */
function DateTimeLines({ instant }: { instant: string }) {
  const [day, time] = formatDateTime(instant).split(' ');
  return <TwoLineCell main={day} sub={time} />;
}

/** UrlPayment (Owner, Manager): create payment links, list them with their uses, copy, show as QR, stop. */
export default function UrlPaymentPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.UrlPayment'));
  const merchant = useSessionState(selectSelectedMerchant);
  const [search, update] = useListSearch(urlPaymentSearch);
  const { status } = search;
  const [showing, setShowing] = useState<UrlPayment | null>(null);
  const [stopping, setStopping] = useState<UrlPayment | null>(null);

  const merchantId = merchant?.merchant_id ?? 0;
  const query = useQuery({
    ...urlPaymentListQuery(merchantId, search),
    enabled: merchant !== undefined,
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<Column<UrlPayment>[]>(
    () => [
      {
        key: 'created_at',
        header: t('urlPayment.list.createdAt'),
        render: (row) => <DateTimeLines instant={row.created_at} />,
      },
      {
        key: 'link',
        header: t('urlPayment.list.link'),
        render: (row) => (
          // The URL wraps inside its column (list cells do not wrap by default).
          <Stack gap={4} w={250} style={{ whiteSpace: 'normal' }}>
            <Text size="sm" fw={500}>
              {row.description}
            </Text>
            <Text id={urlTextId(row)} size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {row.url}
            </Text>
            <CopyUrl
              url={row.url}
              textId={urlTextId(row)}
              label={t('urlPayment.list.copyLabel', { description: row.description })}
              share={{
                title: row.description,
                label: t('urlPayment.list.shareLabel', { description: row.description }),
              }}
            />
          </Stack>
        ),
      },
      {
        key: 'amount',
        mobile: 'primary',
        header: t('urlPayment.list.amount'),
        align: 'right',
        render: (row) => <CoinAmount amount={row.amount} coin={row.coin_name} />,
      },
      {
        key: 'expires_on',
        header: t('urlPayment.list.expiresOn'),
        render: (row) => row.expires_on.replaceAll('-', '/'),
      },
      {
        key: 'status',
        mobile: 'primary',
        header: t('fields.status'),
        render: (row) => (
          <Stack gap={2} align="flex-start">
            <Badge variant="light" color={LINK_STATUS_COLORS[row.status]} size="sm">
              {t(`urlPayment.statuses.${row.status}`)}
            </Badge>
            {row.stopped_at && (
              <Text span size="xs" c="dimmed">
                {t('urlPayment.list.stoppedAt', { date: formatDate(row.stopped_at) })}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        key: 'usage',
        header: t('urlPayment.list.usage'),
        align: 'right',
        render: (row) => (
          <TwoLineCell
            main={t('urlPayment.list.useCount', { uses: formatCoin(row.use_count) })}
            sub={t('urlPayment.list.usedAmount', { amount: formatCoin(row.used_amount) })}
          />
        ),
      },
      {
        key: 'actions',
        mobile: 'primary',
        header: t('fields.actions'),
        render: (row) => (
          <Stack gap={6} align="stretch">
            <Button
              size="compact-sm"
              variant="light"
              aria-label={t('urlPayment.list.qrLabel', { description: row.description })}
              onClick={() => setShowing(row)}
            >
              {t('urlPayment.list.qr')}
            </Button>
            {canStopLink(row) && (
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                aria-label={t('urlPayment.list.stopLabel', { description: row.description })}
                onClick={() => setStopping(row)}
              >
                {t('urlPayment.list.stop')}
              </Button>
            )}
          </Stack>
        ),
      },
    ],
    [t],
  );

  if (!merchant) return null;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.UrlPayment')}</Title>
      <CreateLinkForm
        merchantId={merchant.merchant_id}
        walletNo={merchant.wallet_no}
        onCreated={(link) => {
          setShowing(link);
          // The new link is listed: a period that ends before today is widened to it.
          const today = tokyoDay(new Date(link.created_at));
          const period = periodShowing(search, { starts_on: today, ends_on: today });
          if (period) update(period);
        }}
      />
      <ListSection
        title={t('urlPayment.list.title')}
        csv={
          <CsvButton
            merchantId={merchant.merchant_id}
            merchantName={merchant.name}
            report="url_payments"
            query={{ start_date: search.from, end_date: search.to }}
          />
        }
        controls={
          <>
            <PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />
            <StatusFilter
              statuses={URL_PAYMENT_STATUSES}
              value={status}
              labelOf={(value) => t(`urlPayment.statuses.${value}`)}
              onChange={(value) => update({ status: value })}
            />
          </>
        }
        summary={
          <Text size="xs" c="dimmed">
            {t('urlPayment.list.periodHint')}
          </Text>
        }
        columns={columns}
        query={query}
        rowKey={(row) => row.id}
        page={search.page}
        onPageChange={(page) => update({ page })}
        emptyText={t('urlPayment.list.empty')}
      />
      {showing !== null && (
        <Suspense fallback={null}>
          <QrDialog link={showing} onClose={() => setShowing(null)} />
        </Suspense>
      )}
      {stopping !== null && (
        <Suspense fallback={null}>
          <StopLinkDialog merchantId={merchant.merchant_id} link={stopping} onClose={() => setStopping(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
