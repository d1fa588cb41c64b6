import type { NextPayout, Payout, RoutePath } from '@coin/contract';
import { Alert, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { CardSkeleton, PLACEHOLDER_INSTANT } from '@/components/CardSkeleton';
import { FactsTable } from '@/components/FactsTable';
import { QueryCard } from '@/components/QueryCard';
import { formatCoin, formatDateTime } from '@/format';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import { AccountText, ClosingPeriod, PayoutDay } from './payoutColumns';
import { dayParts, type PayoutAlert, type PayoutSkip, payoutAlert } from './payoutView';

type NextPayoutAnswer = { scheduled: Payout[]; next: NextPayout | null; skipped: PayoutSkip[] };

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
        {alert.missingAccount && (
          <Text size="sm">
            {bankAccountPath ? t('withdrawal.alert.noAccount') : t('withdrawal.alert.noAccountAskOwner')}
          </Text>
        )}
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

/** A payout whose closing has run, awaiting its transfer day: the list's own figures. */
function ScheduledPayout({ payout }: { payout: Payout }) {
  const { t } = useTranslation();
  return (
    <FactsTable
      aria-label={t('withdrawal.scheduled.title')}
      labelWidth={180}
      rows={[
        [
          t('withdrawal.next.payoutDate'),
          <Group key="date" gap="xs" wrap="nowrap">
            <Text span fw={700} size="lg">
              <PayoutDay day={payout.payout_date} />
            </Text>
            <Badge variant="light" color="blue" size="sm">
              {t(`withdrawal.statuses.${payout.status}`)}
            </Badge>
          </Group>,
        ],
        [t('withdrawal.fields.period'), <ClosingPeriod key="period" period={payout} />],
        [t('withdrawal.fields.gross'), formatCoin(payout.gross_amount)],
        [t('withdrawal.fields.fee'), formatCoin(payout.fee)],
        [t('withdrawal.fields.transferFee'), formatCoin(payout.transfer_fee)],
        [
          t('withdrawal.fields.net'),
          <Text key="net" span fw={700}>
            {formatCoin(payout.net_amount)}
          </Text>,
        ],
        [t('withdrawal.fields.account'), <AccountText key="account" account={payout.account} />],
      ]}
    />
  );
}

/** The next closing: its payout day, period, expected amounts and account. */
function ExpectedPayout({ next }: { next: NextPayout }) {
  const { t } = useTranslation();
  return (
    <FactsTable
      aria-label={t('withdrawal.next.following')}
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
  );
}

/** The card's content for an answer: what keeps payouts from being made, the scheduled ones, the next. */
function NextPayoutBody({ answer, bankAccountPath }: { answer: NextPayoutAnswer; bankAccountPath: RoutePath | null }) {
  const { t } = useTranslation();
  const alert = payoutAlert(answer);
  const next = answer.next;
  const scheduled = answer.scheduled;
  return (
    <Stack gap="md">
      {alert && <PayoutWarning alert={alert} bankAccountPath={bankAccountPath} />}
      {next?.account_held_until && (
        <Alert color="orange" variant="light" role="status" title={t('withdrawal.hold.title')}>
          <Text size="sm">
            {t('withdrawal.hold.body', {
              until: formatDateTime(next.account_held_until),
              payoutDate: t('withdrawal.dayWithWeekday', dayParts(next.payout_date)),
            })}
          </Text>
        </Alert>
      )}
      {scheduled.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('withdrawal.scheduled.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('withdrawal.scheduled.lead')}
          </Text>
          {scheduled.map((payout) => (
            <ScheduledPayout key={payout.id} payout={payout} />
          ))}
        </Stack>
      )}
      {next ? (
        <Stack gap="xs">
          {scheduled.length > 0 && (
            <Title order={3} size="h5">
              {t('withdrawal.next.following')}
            </Title>
          )}
          <ExpectedPayout next={next} />
        </Stack>
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
}

/** The account the placeholder shows (never seen, under the skeleton). */
const PLACEHOLDER_ACCOUNT = {
  bank_name: '群馬',
  branch_name: '本店営業部',
  account_type_label: '普通',
  number_masked: '****0000',
};

/**
 * The usual answer (one payout awaiting its transfer day, then the next closing), drawn under the loading
 * skeleton so the card keeps its height as it loads: the payout list below it does not move when the
 * answer comes (Lighthouse saw a layout shift of 0.17–0.40 on a phone).
 */
const PLACEHOLDER: NextPayoutAnswer = {
  scheduled: [
    {
      id: 0,
      merchant_id: 0,
      merchant_name: '—',
      period_start: '2000-01-01',
      period_end: '2000-01-15',
      payout_date: '2000-01-31',
      coin_name: '—',
      gross_amount: 88_888,
      fee: 888,
      transfer_fee: 888,
      net_amount: 88_888,
      account: PLACEHOLDER_ACCOUNT,
      status: 'SCHEDULED',
      failure_reason: null,
      transaction_id: 0,
      posted_at: PLACEHOLDER_INSTANT,
    },
  ],
  next: {
    period_start: '2000-01-16',
    period_end: '2000-01-31',
    payout_date: '2000-02-15',
    expected_gross: 88_888,
    expected_net: 88_888,
    account: PLACEHOLDER_ACCOUNT,
    account_held_until: null,
  },
  skipped: [],
};

/**
 * The earliest payouts not yet made: first those whose closing has run and whose transfer day has not
 * come (their figures are the list's), then the next closing's expected payout; with what keeps a
 * payout from being made.
 */
export function NextPayoutCard({ query, bankAccountPath }: NextPayoutCardProps) {
  const { t } = useTranslation();
  return (
    <QueryCard
      title={t('withdrawal.next.title')}
      query={query}
      isEmpty={(answer) => answer.scheduled.length === 0 && answer.next === null && answer.skipped.length === 0}
      emptyText={t('withdrawal.next.none')}
      skeleton={
        <CardSkeleton>
          <NextPayoutBody answer={PLACEHOLDER} bankAccountPath={null} />
        </CardSkeleton>
      }
    >
      {(answer) => <NextPayoutBody answer={answer} bankAccountPath={bankAccountPath} />}
    </QueryCard>
  );
}
