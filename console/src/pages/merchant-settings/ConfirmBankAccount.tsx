import { BANK_ACCOUNT_TYPE_LABELS } from '@coin/contract';
import { ConfirmPanel } from '@/components/MoneyStepPanels';
import { useTranslation } from '@/i18n';
import type { ConfirmedAccount } from './bankAccountForm';

/** The confirm step: the account exactly as it will be registered (full number, converted name). */
export function ConfirmBankAccount({
  confirmed,
  request,
  onBack,
  onSubmit,
}: {
  confirmed: ConfirmedAccount;
  request: { isPending: boolean; isError: boolean; error: unknown };
  onBack: () => void;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const { body } = confirmed;
  return (
    <ConfirmPanel
      title={t('bankAccount.confirm.title')}
      lead={t('bankAccount.confirm.lead')}
      labelWidth={150}
      rows={[
        [
          t('bankAccount.fields.bank'),
          t('bankAccount.nameWithCode', { name: confirmed.bankName, code: body.bank_code }),
        ],
        [
          t('bankAccount.fields.branch'),
          t('bankAccount.nameWithCode', { name: confirmed.branchName, code: body.branch_code }),
        ],
        [t('bankAccount.fields.accountType'), BANK_ACCOUNT_TYPE_LABELS[body.account_type]],
        [t('bankAccount.fields.accountNumber'), body.account_number],
        [t('bankAccount.fields.holderName'), body.holder_name],
      ]}
      request={request}
      failedTitle={t('bankAccount.confirm.failed')}
      submitLabel={t('bankAccount.confirm.submit')}
      onBack={onBack}
      onSubmit={onSubmit}
    />
  );
}
