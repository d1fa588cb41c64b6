import type { MerchantStatus } from '@coin/contract';
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useUpdateMerchantStatus } from '@/api/merchantProfile';
import { merchantQueries } from '@/api/merchants';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useTranslation } from '@/i18n';

/**
 * Asks before opening or closing the merchant (PATCH /merchants/{id}/status): closed, the app takes no
 * payments. Opening without a payout bank account says first that nothing will be paid out until one is
 * registered (the setup checklist's answer says whether there is one).
 */
export default function ChangeStatusDialog({
  merchantId,
  status,
  onClose,
}: {
  merchantId: number;
  status: MerchantStatus;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const closing = status === 'CLOSED';
  const setup = useQuery({ ...merchantQueries.setupProgress(merchantId), enabled: !closing });
  const noAccount = !closing && setup.data?.steps.some((step) => step.step === 'bank_account' && !step.done);
  const body = t(closing ? 'merchantProfile.status.closeBody' : 'merchantProfile.status.openBody');
  return (
    <ConfirmDialog
      title={t(closing ? 'merchantProfile.status.closeTitle' : 'merchantProfile.status.openTitle')}
      body={
        noAccount ? (
          <Stack gap="xs">
            <Text size="sm">{body}</Text>
            <Alert color="orange" variant="light" title={t('merchantProfile.status.noAccountTitle')}>
              {t('merchantProfile.status.noAccountBody')}
            </Alert>
          </Stack>
        ) : (
          body
        )
      }
      confirmLabel={t(closing ? 'merchantProfile.status.close' : 'merchantProfile.status.open')}
      tone={closing ? 'danger' : 'primary'}
      failedTitle={t('merchantProfile.status.failed')}
      doneMessage={t(closing ? 'merchantProfile.status.closeDone' : 'merchantProfile.status.openDone')}
      mutation={useUpdateMerchantStatus(merchantId)}
      variables={status}
      onClose={onClose}
    />
  );
}
