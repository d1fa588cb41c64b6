import '@mantine/core/styles/Switch.css';
import { Anchor, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { twoStepQueries, usePutMerchantTwoStep } from '@/api/twoStep';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { QueryErrorAlert } from '@/components/QueryErrorAlert';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
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
  // An Owner without a factor of their own may not require one of the staff (it would lock them out of
  // their own shop): the switch waits until they have enrolled. Turning it off is always allowed.
  const selfWithout = own.data !== undefined && !own.data.enabled;
  const blocked = selfWithout && setting.data?.required === false;

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
            disabled={pending || blocked}
            onChange={(event) => setAsked(event.currentTarget.checked)}
            size="md"
          />
        </Skeleton>
        <Text size="sm" c="dimmed">
          {t('twoStep.staff.lead')}
        </Text>
        {blocked && (
          <Text size="sm">
            {t('twoStep.staff.enrolFirst')}{' '}
            <Anchor component={AppLink} to="/twoStep">
              {t('twoStep.staff.enrolLink')}
            </Anchor>
          </Text>
        )}
        <Skeleton visible={pending} width="fit-content" aria-hidden={pending || undefined}>
          <Text size="sm" fw={500}>
            {t('twoStep.staff.without', { count: setting.data?.staff_without ?? 0 })}
          </Text>
        </Skeleton>
      </Stack>
    );
  }

  const count = setting.data?.staff_without ?? 0;
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
          body={asked ? t('twoStep.staff.requireBody', { count }) : t('twoStep.staff.releaseBody')}
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
