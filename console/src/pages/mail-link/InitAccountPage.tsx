import { getConfig } from '@/app/config';
import { useTranslation } from '@/i18n';
import { PasswordTokenForm } from './PasswordTokenForm';

/** /email/init and /mu/init: the first password of an account invited but never activated. */
export default function InitAccountPage() {
  const { t } = useTranslation();
  return (
    <PasswordTokenForm
      title={t('pages.InitAccount')}
      lead={t('accounts.init.lead', { min: getConfig().passwordMinLength })}
      doneHeading={t('accounts.init.doneHeading')}
      doneBody={t('accounts.init.doneBody')}
    />
  );
}
