import '@mantine/core/styles/Switch.css';
import { Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { twoStepQueries, usePutMerchantTwoStep } from '@/api/twoStep';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { useTranslation } from '@/i18n';
import { useSessionState } from '@/session';

/**
 * The Owner's requirement of two-step sign-in for the merchant's staff (issue 24): a switch, how many
 * active staff have no second factor yet, and a confirm step before the change (a step-up call).
 */
export function StaffTwoStepCard({ merchantId }: { merchantId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const setting = useQuery({ ...twoStepQueries.merchant(merchantId), enabled: merchantId > 0 });
  const userId = useSessionState((state) => state.user?.user_id ?? 0);
  const own = useQuery({ ...twoStepQueries.status(userId), enabled: userId > 0 });
  const put = usePutMerchantTwoStep(merchantId);
  // The value the Owner asked for, while its confirm step is open.
  const [asked, setAsked] = useState<boolean | null>(null);

  let body: ReactNode;
  if (setting.isError) {
    body = <QueryErrorAlert query={setting} title={t('twoStep.staff.loadFailed')} />;
  } else {
    // While the setting loads, the same parts stand under skeletons, so the list below does not move
    // when it arrives (placeholders of their own height shifted it by 81 px on a phone).
    const pending = setting.isPending;
    body = (
      <Stack gap="xs">
        <Skeleton visible={pending} width="fit-content" aria-hidden={pending || undefined}>
          <Switch
            label={t('twoStep.staff.switchLabel')}
            checked={setting.data?.required ?? false}
            disabled={pending}
            onChange={(event) => setAsked(event.currentTarget.checked)}
            size="md"
          />
        </Skeleton>
        <Text size="sm" c="dimmed">
          {t('twoStep.staff.lead')}
        </Text>
        <Skeleton visible={pending} width="fit-content" aria-hidden={pending || undefined}>
          <Text size="sm" fw={500}>
            {t('twoStep.staff.without', { count: setting.data?.staff_without ?? 0 })}
          </Text>
        </Skeleton>
      </Stack>
    );
  }

  const count = setting.data?.staff_without ?? 0;
  const selfWithout = own.data !== undefined && !own.data.enabled;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('twoStep.staff.title')}
        </Title>
        {body}
      </Stack>
      {asked !== null && (
        <ConfirmDialog
          title={t(asked ? 'twoStep.staff.requireTitle' : 'twoStep.staff.releaseTitle')}
          body={
            asked
              ? [t('twoStep.staff.requireBody', { count }), selfWithout ? t('twoStep.staff.requireSelf') : '']
                  .filter(Boolean)
                  .join('')
              : t('twoStep.staff.releaseBody')
          }
          confirmLabel={t(asked ? 'twoStep.staff.requireConfirm' : 'twoStep.staff.releaseConfirm')}
          tone={asked ? 'primary' : 'danger'}
          failedTitle={t('twoStep.staff.failed')}
          doneMessage={t(asked ? 'twoStep.staff.required' : 'twoStep.staff.released')}
          mutation={put}
          variables={asked}
          onClose={() => setAsked(null)}
        />
      )}
    </Paper>
  );
}
