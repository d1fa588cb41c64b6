import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/List.css';
import { APP_ROUTES, canOpen } from '@coin/contract';
import { Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { payoutQueries } from '@/api/payouts';
import { ListSection } from '@/components/ListSection';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { type MerchantEntry, selectRole, selectSelectedMerchant, useSessionState } from '@/session';
import { NextPayoutCard } from './NextPayoutCard';
import { PayoutPeriodControls } from './PayoutPeriodControls';
import { payoutColumns } from './payoutColumns';
import { payoutsQueryOf } from './payoutView';

const BANK_ACCOUNT_ROUTE = APP_ROUTES.find((route) => route.name === 'MerchantBankAccount');

/** The merchant's next payout, then its payouts whose closing ended in the period, with CSV and each one's statement. */
function MerchantPayouts({ merchant }: { merchant: MerchantEntry }) {
  const { t } = useTranslation();
  const role = useSessionState(selectRole);
  const [search, update] = useListSearch();
  const query = useQuery({
    ...payoutQueries.list(merchant.merchant_id, payoutsQueryOf(search)),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => payoutColumns(t, { merchant: false, transaction: true, statementOf: merchant.merchant_id }),
    [t, merchant.merchant_id],
  );
  const bankAccountPath = BANK_ACCOUNT_ROUTE && canOpen(BANK_ACCOUNT_ROUTE, role) ? BANK_ACCOUNT_ROUTE.path : null;

  return (
    <>
      {/* On a failure the list below shows the error and its retry; the card would only repeat it. */}
      {!(query.isError && !query.data) && <NextPayoutCard query={query} bankAccountPath={bankAccountPath} />}
      <ListSection
        title={t('withdrawal.list.title')}
        controls={<PayoutPeriodControls merchant={merchant} report="payouts" search={search} update={update} />}
        summary={
          <Text size="xs" c="dimmed">
            {t('withdrawal.list.periodHint')}
          </Text>
        }
        columns={columns}
        query={query}
        rowKey={(row) => row.id}
        page={search.page}
        onPageChange={(page) => update({ page })}
        emptyText={t('withdrawal.list.empty')}
      />
    </>
  );
}

/** WithdrawalInfo (every role): the selected merchant's payouts to its bank account. */
export default function WithdrawalInfoPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.WithdrawalInfo'));
  const merchant = useSessionState(selectSelectedMerchant);
  if (!merchant) return null;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.WithdrawalInfo')}</Title>
      {/* Keyed by merchant: after a switch nothing of the previous merchant stays on screen while loading. */}
      <MerchantPayouts key={merchant.merchant_id} merchant={merchant} />
    </Stack>
  );
}
