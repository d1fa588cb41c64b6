import { getConfig } from '@/app/config';
import { useTranslation } from '@/i18n';
import { PasswordTokenForm } from './PasswordTokenForm';

/** /password/reset and /mu/password/reset: a new password from the mailed reset link. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <PasswordTokenForm
      title={t('pages.ResetPassword')}
      lead={t('accounts.reset.lead', { min: getConfig().passwordMinLength })}
      doneHeading={t('accounts.reset.doneHeading')}
      doneBody={t('accounts.reset.doneBody')}
    />
  );
}
