import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Badge.css';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { documentFallbackNames, openGroupPayoutStatement } from '@/api/documents';
import { payoutQueries } from '@/api/payouts';
import { ListSection } from '@/components/ListSection';
import { PdfDownload } from '@/components/PdfDownload';
import { useListSearch } from '@/components/useListSearch';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import { pathOf } from '@/router/paths';
import { type MerchantEntry, selectSelectedMerchant, useSessionState } from '@/session';
import { GroupTotalsCard } from './GroupTotalsCard';
import { PayoutPeriodControls } from './PayoutPeriodControls';
import { payoutColumns } from './payoutColumns';
import { payoutsQueryOf, periodParts } from './payoutView';

/** Why there is no list: only a group's parent sees its merchants' payouts (the server refuses others). */
function ParentOnly() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" title={t('withdrawal.group.parentOnlyTitle')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('withdrawal.group.parentOnly')}</Text>
        <Text size="sm">{t('withdrawal.group.ownPayouts')}</Text>
        <Button component={AppLink} to={pathOf('WithdrawalInfo')} size="xs" variant="light">
          {t('withdrawal.group.toOwn')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The group's statement (支払明細書, PDF) of the payouts whose closing ended in the period. */
export function GroupStatementDownload({ merchantId, from, to }: { merchantId: number; from: string; to: string }) {
  const { t } = useTranslation();
  const period = { start_date: from, end_date: to };
  return (
    <PdfDownload
      label={t('documents.payoutStatement.group')}
      ariaLabel={t('documents.payoutStatement.groupLabel', periodParts({ period_start: from, period_end: to }))}
      open={(signal) => openGroupPayoutStatement(merchantId, period, signal)}
      fallbackName={documentFallbackNames.groupPayoutStatement(period)}
    />
  );
}

/** The period (it governs both), the group's per-merchant totals, then every payout of the group. */
function GroupPayouts({ merchant }: { merchant: MerchantEntry }) {
  const { t } = useTranslation();
  const [search, update] = useListSearch();
  const query = useQuery({
    ...payoutQueries.groupList(merchant.merchant_id, payoutsQueryOf(search)),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => payoutColumns(t, { merchant: true, transaction: false }), [t]);

  return (
    <>
      <Paper withBorder radius="md" p="md" component="section" aria-label={t('list.filters')}>
        <Stack gap="xs">
          <Group align="flex-end" gap="md" wrap="wrap">
            <PayoutPeriodControls
              merchant={merchant}
              report="group_payouts"
              search={search}
              update={update}
              files={<GroupStatementDownload merchantId={merchant.merchant_id} from={search.from} to={search.to} />}
            />
          </Group>
          <Text size="xs" c="dimmed">
            {t('withdrawal.list.periodHint')}
          </Text>
        </Stack>
      </Paper>
      {/* On a failure the list below shows the error and its retry; the card would only repeat it. */}
      {!(query.isError && !query.data) && <GroupTotalsCard query={query} />}
      <ListSection
        title={t('withdrawal.group.listTitle')}
        columns={columns}
        query={query}
        rowKey={(row) => row.id}
        page={search.page}
        onPageChange={(page) => update({ page })}
        emptyText={t('withdrawal.group.empty')}
      />
    </>
  );
}

/** WithdrawalInfoMerchant (every role): for a group's parent merchant, the payouts of the group's merchants. */
export default function WithdrawalInfoMerchantPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.WithdrawalInfoMerchant'));
  const merchant = useSessionState(selectSelectedMerchant);
  if (!merchant) return null;
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.WithdrawalInfoMerchant')}</Title>
      {merchant.merchant_group.is_parent ? (
        // Keyed by merchant: after a switch nothing of the previous merchant stays on screen while loading.
        <GroupPayouts key={merchant.merchant_id} merchant={merchant} />
      ) : (
        <ParentOnly />
      )}
    </Stack>
  );
}
