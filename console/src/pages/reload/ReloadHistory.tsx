import { DEFAULT_PAGE_SIZE, type History } from '@coin/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { reloadQueries } from '@/api/reloads';
import { CsvButton } from '@/components/FileDownload';
import { ListSection } from '@/components/ListSection';
import type { Column } from '@/components/ListTable';
import { PeriodFilter } from '@/components/PeriodFilter';
import { useListSearch } from '@/components/useListSearch';
import { formatCoin, formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import type { MerchantEntry } from '@/session';

/** The reloads sold from this merchant's wallet (its RELOAD histories): period in the URL, paging, CSV. */
export default function ReloadHistory({ merchant }: { merchant: MerchantEntry }) {
  const { t } = useTranslation();
  const [search, update] = useListSearch();
  const query = useQuery({
    ...reloadQueries.history(merchant.wallet_no, {
      start_date: search.from,
      end_date: search.to,
      limit: DEFAULT_PAGE_SIZE,
      offset: search.page,
    }),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo<Column<History>[]>(
    () => [
      { key: 'created_at', header: t('fields.dateTime'), render: (row) => formatDateTime(row.created_at) },
      { key: 'id', header: t('fields.transactionId'), align: 'right', render: (row) => row.transaction_id },
      { key: 'customer', header: t('reload.history.customer'), render: (row) => row.counterparty ?? '—' },
      { key: 'coin', header: t('fields.coin'), render: (row) => row.coin_name },
      // A reload leaves the merchant's wallet: its entry there is negative.
      {
        key: 'amount',
        mobile: 'primary',
        header: t('reload.history.amount'),
        align: 'right',
        render: (row) => formatCoin(Math.abs(row.amount)),
      },
      { key: 'balance', header: t('reload.history.balance'), align: 'right', render: (row) => formatCoin(row.balance) },
    ],
    [t],
  );

  return (
    <ListSection
      title={t('reload.history.title')}
      csv={
        <CsvButton
          merchantId={merchant.merchant_id}
          merchantName={merchant.name}
          report="histories"
          query={{ start_date: search.from, end_date: search.to, type: 'RELOAD' }}
        />
      }
      controls={<PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />}
      columns={columns}
      query={query}
      rowKey={(row) => `${row.transaction_id}-${row.coin_id}`}
      page={search.page}
      pageSize={DEFAULT_PAGE_SIZE}
      onPageChange={(page) => update({ page })}
      emptyText={t('reload.history.empty')}
    />
  );
}
