// The Merchant page alone, for MerchantPage.test.ts: served by Vite, opened in headless Chromium,
// answered by the test's fake server. Never part of the app's build.
import '@/app/styles';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { setConfig } from '@/app/config';
import { theme } from '@/app/theme';
import { initI18n, loadPageStrings } from '@/i18n';
import { selectSelectedMerchant, sessionStore, useSessionState } from '@/session';
import MerchantPage from '../MerchantPage';

/** Stands in for the header's merchant switcher: the session's name of the selected merchant. */
function HeaderMerchantName() {
  const merchant = useSessionState(selectSelectedMerchant);
  return <output data-testid="header-merchant">{merchant?.name}</output>;
}

setConfig({
  apiBaseUrl: '/api',
  noticeUrl: '',
  passwordMinLength: 8,
  notificationMs: 5000,
  requestTimeoutMs: 30_000,
  appHandover: { scheme: 'coin', universalLinkBase: '', iosStoreUrl: '', androidStoreUrl: '' },
});
const merchant = {
  merchant_id: 1,
  name: 'めぶくカフェ 本店',
  wallet_no: '1000000001',
  reloadable: false,
  allow_subscription: false,
  merchant_group: { id: null, is_parent: false },
};
sessionStore.setState({
  authorization: 'Bearer harness',
  reauthToken: 'reauth',
  popinfoId: 'pop',
  useSession: true,
  user: { user_id: 7, email: 'owner@example.com', name: 'オーナー', roles: [{ merchant_id: 1, role: 'Owner' }] },
  merchants: [merchant],
  selectedMerchantId: 1,
  initialized: true,
});
initI18n();
await loadPageStrings();

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
createRoot(container).render(
  <MantineProvider theme={theme} deduplicateCssVariables={false}>
    <Notifications />
    <HeaderMerchantName />
    <QueryClientProvider client={queryClient}>
      <MerchantPage />
    </QueryClientProvider>
  </MantineProvider>,
);
