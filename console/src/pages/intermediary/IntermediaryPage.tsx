import { useTranslation } from '@/i18n';
import type { PageProps } from '@/router/pages';
import { AppHandoverView } from './AppHandoverView';

/** QR and app intermediary (`/{action}/` on qr./app. hosts): open the app at the action. */
export default function IntermediaryPage({ action = '' }: PageProps) {
  const { t } = useTranslation();
  return (
    <AppHandoverView
      heading={t('intermediary.heading')}
      body={t('intermediary.body')}
      buttonLabel={t('actions.openApp')}
      action={action}
    />
  );
}
