import type { NextPayout, RoutePath } from '@coin/contract';
import { Alert, Button, List, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { FactsTable } from '@/components/FactsTable';
import { QueryCard } from '@/components/QueryCard';
import { formatCoin, formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import { AccountText, ClosingPeriod, PayoutDay } from './payoutColumns';
import { dayParts, type PayoutAlert, type PayoutSkip, payoutAlert } from './payoutView';

type NextPayoutAnswer = { next: NextPayout | null; skipped: PayoutSkip[] };

interface NextPayoutCardProps {
  /** The list's query: its answer carries the next closing and the closings passed over. */
  query: Pick<UseQueryResult<NextPayoutAnswer>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch' | 'isFetching'>;
  /** 振込先口座, when the user's role may open it to register the account. */
  bankAccountPath: RoutePath | null;
}

/** No account for the next closing, and the closings the payout run passed over. */
function PayoutWarning({ alert, bankAccountPath }: { alert: PayoutAlert; bankAccountPath: RoutePath | null }) {
  const { t } = useTranslation();
  return (
    <Alert
      color={alert.missingAccount ? 'red' : 'orange'}
      variant="light"
      role="alert"
      title={alert.missingAccount ? t('withdrawal.alert.noAccountTitle') : t('withdrawal.alert.skippedTitle')}
    >
      <Stack gap="xs" align="flex-start">
        {alert.missingAccount && <Text size="sm">{t('withdrawal.alert.noAccount')}</Text>}
        {alert.skipped.length > 0 && (
          <>
            <Text size="sm">{t('withdrawal.alert.skippedLead')}</Text>
            <List size="sm" spacing={2}>
              {alert.skipped.map((skip) => (
                <List.Item key={`${skip.period_end}-${skip.created_at}`}>
                  {t('withdrawal.alert.skippedItem', { date: dayParts(skip.period_end).date, reason: skip.reason })}
                </List.Item>
              ))}
            </List>
            {alert.moreSkipped > 0 && (
              <Text size="sm" c="dimmed">
                {t('withdrawal.alert.skippedMore', { count: alert.moreSkipped })}
              </Text>
            )}
          </>
        )}
        {alert.missingAccount && bankAccountPath && (
          <Button component={AppLink} to={bankAccountPath} size="xs" variant="light" color="red">
            {t('withdrawal.alert.register')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** The next closing: its payout day, period, expected amounts and account, with what keeps it from being paid. */
export function NextPayoutCard({ query, bankAccountPath }: NextPayoutCardProps) {
  const { t } = useTranslation();
  return (
    <QueryCard
      title={t('withdrawal.next.title')}
      query={query}
      isEmpty={(answer) => answer.next === null && answer.skipped.length === 0}
      emptyText={t('withdrawal.next.none')}
    >
      {(answer) => {
        const alert = payoutAlert(answer);
        const next = answer.next;
        return (
          <Stack gap="md">
            {alert && <PayoutWarning alert={alert} bankAccountPath={bankAccountPath} />}
            {next?.account_held_until && (
              <Alert color="orange" variant="light" role="status" title={t('withdrawal.hold.title')}>
                <Text size="sm">{t('withdrawal.hold.body', { until: formatDateTime(next.account_held_until) })}</Text>
              </Alert>
            )}
            {next ? (
              <FactsTable
                aria-label={t('withdrawal.next.title')}
                labelWidth={180}
                rows={[
                  [
                    t('withdrawal.next.payoutDate'),
                    <Text key="date" span fw={700} size="lg">
                      <PayoutDay day={next.payout_date} />
                    </Text>,
                  ],
                  [t('withdrawal.next.period'), <ClosingPeriod key="period" period={next} />],
                  [t('withdrawal.next.expectedGross'), formatCoin(next.expected_gross)],
                  [
                    t('withdrawal.next.expectedNet'),
                    <Text key="net" span fw={700}>
                      {formatCoin(next.expected_net)}
                    </Text>,
                  ],
                  [t('withdrawal.next.account'), <AccountText key="account" account={next.account} />],
                ]}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('withdrawal.next.none')}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('withdrawal.next.note')}
            </Text>
          </Stack>
        );
      }}
    </QueryCard>
  );
}
