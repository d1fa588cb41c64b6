import { DEFAULT_PAGE_SIZE, type MerchantPayment } from '@coin/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { merchantPaymentQueries } from '@/api/payments';
import { CsvButton } from '@/components/FileDownload';
import { ListSection, ListSummary } from '@/components/ListSection';
import type { Column } from '@/components/ListTable';
import { PeriodFilter } from '@/components/PeriodFilter';
import { useListSearch } from '@/components/useListSearch';
import { formatCoin, formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';

/** The payments this merchant sent to other merchants: period (kept in the URL), paging, totals, CSV. */
export default function SentPayments({ merchantId, merchantName }: { merchantId: number; merchantName: string }) {
  const { t } = useTranslation();
  const [search, update] = useListSearch();
  const query = useQuery({
    ...merchantPaymentQueries.list(merchantId, {
      start_date: search.from,
      end_date: search.to,
      limit: DEFAULT_PAGE_SIZE,
      offset: search.page,
    }),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<Column<MerchantPayment>[]>(
    () => [
      { key: 'created_at', header: t('fields.dateTime'), render: (row) => formatDateTime(row.created_at) },
      { key: 'id', header: t('fields.transactionId'), align: 'right', render: (row) => row.transaction_id },
      { key: 'payee', header: t('requestPayment.history.payee'), render: (row) => row.to_merchant_name },
      { key: 'coin', header: t('fields.coin'), render: (row) => row.coin_name },
      {
        key: 'amount',
        mobile: 'primary',
        header: t('fields.paymentAmount'),
        align: 'right',
        render: (row) => formatCoin(row.amount),
      },
      { key: 'rate', header: t('requestPayment.history.rate'), render: (row) => row.rate_label },
      { key: 'fee', header: t('fields.fee'), align: 'right', render: (row) => formatCoin(row.fee) },
      { key: 'comment', header: t('fields.comment'), render: (row) => row.comment ?? '—' },
    ],
    [t],
  );

  return (
    <ListSection
      title={t('requestPayment.history.title')}
      csv={
        <CsvButton
          merchantId={merchantId}
          merchantName={merchantName}
          report="merchant_payments"
          query={{ start_date: search.from, end_date: search.to }}
        />
      }
      controls={<PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />}
      summary={
        query.data && (
          <ListSummary>
            {t('requestPayment.history.totals', {
              amount: formatCoin(query.data.total_amount),
              fee: formatCoin(query.data.total_fee),
            })}
          </ListSummary>
        )
      }
      columns={columns}
      query={query}
      rowKey={(row) => row.transaction_id}
      page={search.page}
      pageSize={DEFAULT_PAGE_SIZE}
      onPageChange={(page) => update({ page })}
      emptyText={t('requestPayment.history.empty')}
    />
  );
}
