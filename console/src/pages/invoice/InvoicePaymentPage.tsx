import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Badge.css';
import { DEFAULT_PAGE_SIZE, INVOICE_STATUSES, type Invoice } from '@coin/contract';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { CsvButton } from '@/components/FileDownload';
import { ListSection } from '@/components/ListSection';
import type { Column } from '@/components/ListTable';
import { PeriodFilter } from '@/components/PeriodFilter';
import { StatusFilter } from '@/components/StatusFilter';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { formatCoin } from '@/format';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import { type MerchantEntry, selectSelectedMerchant, useSessionState } from '@/session';
import { InvoiceDetail, InvoiceNotFound } from './InvoiceDetail';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { invoiceListQuery } from './invoiceQueries';
import { invoiceSearch } from './invoiceSearch';
import { parseInvoiceId } from './invoiceView';

/**
 * InvoicePayment (every role): invoices addressed to the merchant; with `?invoice_id=N` one of them,
 * which an Owner or a Manager can pay from the wallet after a confirm step.
 */
export default function InvoicePaymentPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.InvoicePayment'));
  const merchant = useSessionState(selectSelectedMerchant);
  const raw = useSearch({ strict: false });
  const invoiceId = parseInvoiceId(raw.invoice_id);
  if (!merchant) return null;

  let content: React.ReactNode;
  if (invoiceId === undefined) content = <InvoiceList merchant={merchant} />;
  else if (invoiceId === 'invalid') content = <InvoiceNotFound />;
  // Keyed: another invoice starts again from its own idle pay step.
  else content = <InvoiceDetail key={invoiceId} merchant={merchant} invoiceId={invoiceId} />;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.InvoicePayment')}</Title>
      {content}
    </Stack>
  );
}

function InvoiceList({ merchant }: { merchant: MerchantEntry }) {
  const { t } = useTranslation();
  const [search, update] = useListSearch(invoiceSearch);
  const { status } = search;
  const query = useQuery({
    ...invoiceListQuery(merchant.merchant_id, search),
    placeholderData: keepPreviousData,
  });
  // An invoice still to pay that was issued before the period: said, with a way to show it.
  const unpaidSince = query.data?.unpaid_since ?? null;

  const columns = useMemo<Column<Invoice>[]>(
    () => [
      { key: 'issuer', header: t('invoice.list.issuer'), render: (row) => row.issuer_name },
      {
        key: 'title',
        mobile: 'primary',
        header: t('invoice.list.subject'),
        render: (row) => (
          <Anchor
            renderRoot={(props) => <AppLink {...props} to="/invoicePayment" search={{ invoice_id: String(row.id) }} />}
            size="sm"
            aria-label={t('invoice.list.open', { title: row.title })}
          >
            {row.title}
          </Anchor>
        ),
      },
      { key: 'coin', header: t('fields.coin'), render: (row) => row.coin_name },
      {
        key: 'amount',
        mobile: 'primary',
        header: t('invoice.list.amount'),
        align: 'right',
        render: (row) => formatCoin(row.amount),
      },
      { key: 'due_date', header: t('invoice.list.dueDate'), render: (row) => row.due_date.replaceAll('-', '/') },
      {
        key: 'status',
        mobile: 'primary',
        header: t('fields.status'),
        render: (row) => <InvoiceStatusBadge status={row.status} />,
      },
    ],
    [t],
  );

  return (
    <ListSection
      title={t('invoice.list.title')}
      csv={
        <CsvButton
          merchantId={merchant.merchant_id}
          merchantName={merchant.name}
          report="invoices"
          query={{ start_date: search.from, end_date: search.to }}
        />
      }
      controls={
        <>
          <PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />
          <StatusFilter
            statuses={INVOICE_STATUSES}
            value={status}
            labelOf={(value) => t(`invoice.statuses.${value}`)}
            onChange={(value) => update({ status: value })}
          />
        </>
      }
      summary={
        <Stack gap="xs">
          <Text size="xs" c="dimmed">
            {t('invoice.list.periodHint')}
          </Text>
          {unpaidSince !== null && unpaidSince < search.from && (
            <Alert color="orange" variant="light" p="xs">
              <Group gap="sm" wrap="wrap" justify="space-between">
                <Text size="sm">{t('invoice.list.unpaidBefore', { date: unpaidSince.replaceAll('-', '/') })}</Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="orange"
                  onClick={() => update({ from: unpaidSince, page: 1 })}
                >
                  {t('invoice.list.showUnpaidBefore')}
                </Button>
              </Group>
            </Alert>
          )}
        </Stack>
      }
      columns={columns}
      query={query}
      rowKey={(row) => row.id}
      page={search.page}
      pageSize={DEFAULT_PAGE_SIZE}
      onPageChange={(page) => update({ page })}
      emptyText={t('invoice.list.empty')}
    />
  );
}
