import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Paper.css';
import { DEFAULT_PAGE_SIZE, type History, TRANSACTION_TYPES } from '@coin/contract';
import { Box, Button, Group, NativeSelect, Paper, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type FormEvent,
  lazy,
  type ReactNode,
  Suspense,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { CsvButton } from '@/components/FileDownload';
import { HistoryFilterPanel } from '@/components/HistoryFilterPanel';
import { historyFilterQuery } from '@/components/historyFilters';
import { type Column, ListTable } from '@/components/ListTable';
import { PeriodFilter } from '@/components/PeriodFilter';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { NO_HISTORY_FILTERS } from '@/router/search';
import { selectSelectedMerchant, useSessionState } from '@/session';
import { historyColumns } from './columns';
import { TotalsCard } from './TotalsCard';
import { transactionListQuery } from './transactionQueries';
import { TRANSACTION_TABS, type TransactionSearch, transactionSearch } from './transactionSearch';

// The drawer (and Mantine's overlay parts) loads with the first row opened.
const HistoryDrawer = lazy(() => import('./HistoryDrawer').then((m) => ({ default: m.HistoryDrawer })));

/**
 * Wallet histories with period, type, transaction-id, amount and time-of-day filters; tabs for cash
 * cancels and commented entries (period only).
 */
export default function TransactionPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.Transaction'));
  const merchant = useSessionState(selectSelectedMerchant);
  const [search, update] = useListSearch(transactionSearch);
  const [openId, setOpenId] = useState<number | null>(null);
  const totalsRef = useRef<HTMLDivElement>(null);
  const showTotals = () => {
    totalsRef.current?.scrollIntoView({ block: 'start' });
    totalsRef.current?.focus({ preventScroll: true });
  };

  if (!merchant) return null;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.Transaction')}</Title>
      <Tabs
        value={search.tab}
        onChange={(tab) =>
          update({
            tab: tab === 'histories' ? undefined : (tab ?? undefined),
            type: undefined,
            id: undefined,
            ...NO_HISTORY_FILTERS,
          })
        }
        keepMounted={false}
      >
        <Tabs.List aria-label={t('transaction.tabsLabel')}>
          {TRANSACTION_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`transaction.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Filters
        search={search}
        update={update}
        merchantId={merchant.merchant_id}
        merchantName={merchant.name}
        onShowTotals={showTotals}
      />
      <HistoryList
        walletNo={merchant.wallet_no}
        search={search}
        onPage={(page) => update({ page })}
        onOpen={setOpenId}
        below={
          <div ref={totalsRef} tabIndex={-1}>
            <TotalsCard walletNo={merchant.wallet_no} from={search.from} to={search.to} />
          </div>
        }
      />
      {openId !== null && (
        <Suspense fallback={null}>
          <HistoryDrawer walletNo={merchant.wallet_no} transactionId={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

function Filters({
  search,
  update,
  merchantId,
  merchantName,
  onShowTotals,
}: {
  search: TransactionSearch;
  update: (patch: Record<string, string | number | undefined>) => void;
  merchantId: number;
  merchantName: string;
  /** Takes the reader (and the focus) to the period's totals below the list. */
  onShowTotals: () => void;
}) {
  const { t } = useTranslation();
  const [idText, setIdText] = useState(search.id ? String(search.id) : '');
  const [idError, setIdError] = useState<string | null>(null);
  useEffect(() => setIdText(search.id ? String(search.id) : ''), [search.id]);

  const submitId = (event: FormEvent) => {
    event.preventDefault();
    const value = idText.trim();
    if (value !== '' && !/^\d{1,15}$/.test(value)) {
      setIdError(t('transaction.searchIdInvalid'));
      return;
    }
    setIdError(null);
    update({ id: value || undefined });
  };

  const csvQuery = {
    start_date: search.from,
    end_date: search.to,
    ...(search.tab === 'histories' && search.type ? { type: search.type } : {}),
    ...(search.tab === 'histories' && search.id ? { transaction_id: search.id } : {}),
    // The file holds what the list shows: the amount and time of day too.
    ...(search.tab === 'histories' ? historyFilterQuery(search) : {}),
  };
  const typeOptions = [
    { value: '', label: t('list.all') },
    ...TRANSACTION_TYPES.map((type) => ({ value: type, label: t(`transactionTypes.${type}`) })),
  ];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('list.filters')}>
      <Group align="flex-end" gap="md" wrap="wrap">
        <PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />
        {search.tab === 'histories' && (
          <>
            <NativeSelect
              label={t('fields.type')}
              data={typeOptions}
              value={search.type ?? ''}
              onChange={(event) => update({ type: event.currentTarget.value || undefined })}
              w={160}
            />
            <form onSubmit={submitId} aria-label={t('transaction.searchId')}>
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  label={t('fields.transactionId')}
                  placeholder={t('transaction.searchId')}
                  inputMode="numeric"
                  value={idText}
                  error={idError}
                  onChange={(event) => setIdText(event.currentTarget.value)}
                  w={180}
                />
                <Button type="submit" variant="light">
                  {t('actions.search')}
                </Button>
                {search.id !== undefined && (
                  <Button variant="subtle" color="gray" onClick={() => update({ id: undefined })}>
                    {t('actions.clear')}
                  </Button>
                )}
              </Group>
            </form>
          </>
        )}
        <Group ml="auto" gap="xs">
          <Button variant="subtle" onClick={onShowTotals}>
            {t('transaction.totals.jump')}
          </Button>
          <CsvButton merchantId={merchantId} merchantName={merchantName} report={search.tab} query={csvQuery} />
        </Group>
      </Group>
      {search.tab === 'histories' && (
        <Box mt="md">
          <HistoryFilterPanel filters={search} onApply={(filters) => update(filters)} />
        </Box>
      )}
    </Paper>
  );
}

function useTabQuery(walletNo: string, search: TransactionSearch) {
  // Only the tab on screen is fetched; the previous page stays visible while the next loads.
  return useQuery({ ...transactionListQuery(walletNo, search), placeholderData: keepPreviousData });
}

function HistoryList({
  walletNo,
  search,
  onPage,
  onOpen,
  below,
}: {
  walletNo: string;
  search: TransactionSearch;
  onPage: (page: number) => void;
  onOpen: (transactionId: number) => void;
  /**
   * The period's totals, below the list and shown once the list has its rows (in the same deferred
   * pass as ListTable's): above the list, or under its short skeleton, the rows' arrival moved it.
   */
  below: ReactNode;
}) {
  const { t } = useTranslation();
  const query = useTabQuery(walletNo, search);
  const shown = useDeferredValue(query.data);
  const columns = useMemo(() => {
    const base = historyColumns<History & { canceled_transaction_id?: number | null }>(t);
    if (search.tab !== 'cashcancel') return base;
    const canceled: Column<History & { canceled_transaction_id?: number | null }> = {
      key: 'canceled',
      header: t('fields.canceledTransactionId'),
      align: 'right',
      render: (row) => (row.canceled_transaction_id ? String(row.canceled_transaction_id) : '—'),
    };
    return [...base, canceled];
  }, [t, search.tab]);
  return (
    <>
      <ListTable
        label={t(`transaction.tabs.${search.tab}`)}
        columns={columns}
        query={query}
        rowKey={(row) => `${row.transaction_id}-${row.coin_id}-${row.amount}`}
        page={search.page}
        pageSize={DEFAULT_PAGE_SIZE}
        onPageChange={onPage}
        emptyText={t('transaction.empty')}
        onOpenRow={(row) => onOpen(row.transaction_id)}
        openRowLabel={(row) => t('transaction.openRow', { id: row.transaction_id })}
      />
      {(shown !== undefined || query.isError) && below}
    </>
  );
}
