import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { merchantQueries } from '@/api/merchants';
import { usePageTitle } from '@/components/usePageTitle';
import { useTranslation } from '@/i18n';
import { selectRole, selectSelectedMerchant, useSessionState } from '@/session';
import { AccountHoldNotice } from './AccountHoldNotice';
import { AllShopsCard } from './AllShopsCard';
import { BalancesCard } from './BalancesCard';
import { FeesCard } from './FeesCard';
import { LatestPaymentCard } from './LatestPaymentCard';
import { NoticesCard } from './NoticesCard';
import { RefundsCard } from './RefundsCard';
import { SalesCard } from './SalesCard';
import { SetupChecklist } from './SetupChecklist';
import { TodayCard } from './TodayCard';
import classes from './TopPage.module.css';

/** The dashboard of the selected merchant. */
export default function TopPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.Top'));
  const merchant = useSessionState(selectSelectedMerchant);
  const role = useSessionState(selectRole);
  // Read again on every visit by the route's loader (topQueries), which starts as the navigation does: a
  // second request as the page mounts, a moment later, would only repeat it.
  const setup = useQuery({
    ...merchantQueries.setupProgress(merchant?.merchant_id ?? 0),
    enabled: Boolean(merchant),
    refetchOnMount: false,
  });
  return (
    <Stack gap="lg">
      <Title order={1}>{t('pages.Top')}</Title>
      {merchant && <AccountHoldNotice query={setup} />}
      {merchant && <SetupChecklist query={setup} userRole={role} />}
      {merchant && <TodayCard merchantId={merchant.merchant_id} />}
      {merchant && <AllShopsCard />}
      {merchant && (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg" className={classes.cards}>
          <BalancesCard walletNo={merchant.wallet_no} />
          <LatestPaymentCard merchantId={merchant.merchant_id} />
          <RefundsCard walletNo={merchant.wallet_no} />
          <SalesCard merchantId={merchant.merchant_id} />
          <FeesCard merchantId={merchant.merchant_id} merchantName={merchant.name} />
          <NoticesCard />
        </SimpleGrid>
      )}
    </Stack>
  );
}
