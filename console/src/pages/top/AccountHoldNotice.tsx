import type { SetupProgress } from '@coin/contract';
import { Alert, Anchor, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';

/**
 * After a bank account change, Top says what the payouts page says (issue 45): payouts to the new account
 * are held until when, and where to read the rest. Nothing while no hold lasts.
 */
export function AccountHoldNotice({ query }: { query: Pick<UseQueryResult<SetupProgress>, 'data'> }) {
  const { t } = useTranslation();
  const until = query.data?.account_held_until;
  if (!until) return null;
  return (
    <Alert color="orange" variant="light" role="status" title={t('top.hold.title')}>
      <Text size="sm">
        {t('top.hold.body', { until: formatDateTime(until) })}{' '}
        <Anchor component={AppLink} to="/withdrawalInfo" size="sm">
          {t('top.hold.link')}
        </Anchor>
      </Text>
    </Alert>
  );
}
