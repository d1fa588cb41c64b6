import { useTranslation } from '@/i18n';
import type { PageProps } from '@/router/pages';
import { AppHandoverView } from './AppHandoverView';

/** `/intermediaryReturnApp/{action}/`: return to the app with the action. */
export default function IntermediaryReturnAppPage({ action = '' }: PageProps) {
  const { t } = useTranslation();
  return (
    <AppHandoverView
      heading={t('intermediary.returnHeading')}
      body={t('intermediary.returnBody')}
      buttonLabel={t('actions.returnToApp')}
      action={action}
    />
  );
}
