import type { MaskedAccount, Payout, PayoutStatus } from '@coin/contract';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { documentFallbackNames, openPayoutStatement } from '@/api/documents';
import { CoinAmount } from '@/components/CoinAmount';
import type { Column } from '@/components/ListTable';
import { PdfIconDownload } from '@/components/PdfDownload';
import { formatCoin } from '@/format';
import type { TFunction } from '@/i18n';
import { useTranslation } from '@/i18n';
import { AppLink } from '@/router/AppLink';
import { accountLine, dayParts, PAYOUT_STATUS_COLORS, periodParts, transactionSearchOf } from './payoutView';

/** A calendar day with its weekday: 2026/12/10（木）. */
export function PayoutDay({ day }: { day: string }) {
  const { t } = useTranslation();
  return <>{t('withdrawal.dayWithWeekday', dayParts(day))}</>;
}

/** A closing period: 2026/11/01 〜 2026/11/30. */
export function ClosingPeriod({ period }: { period: { period_start: string; period_end: string } }) {
  const { t } = useTranslation();
  return <>{t('withdrawal.periodRange', periodParts(period))}</>;
}

/** A closing period on two lines (2026/11/01 〜 / 2026/11/30), to keep a list narrow. */
function ClosingPeriodLines({ period }: { period: { period_start: string; period_end: string } }) {
  const { t } = useTranslation();
  const { from, to } = periodParts(period);
  return (
    <Stack gap={0}>
      <Text span size="sm">
        {t('withdrawal.periodFrom', { from })}
      </Text>
      <Text span size="sm">
        {to}
      </Text>
    </Stack>
  );
}

/** The account on one line, or 未登録. A narrow list may wrap it, only at its spaces (never inside a name). */
export function AccountText({ account }: { account: MaskedAccount | null }) {
  const { t } = useTranslation();
  return account ? (
    <Text span size="sm" display="inline-block" miw={170} style={{ whiteSpace: 'normal', wordBreak: 'keep-all' }}>
      {accountLine(account)}
    </Text>
  ) : (
    <Text span size="sm" c="red.9">
      {t('withdrawal.noAccount')}
    </Text>
  );
}

/** 予定 / 振込済 / 失敗, with the bank's reason under a failure (wrapped: list cells do not wrap). */
export function PayoutStatusCell({ status, failureReason }: { status: PayoutStatus; failureReason: string | null }) {
  const { t } = useTranslation();
  return (
    // A block with a width of its own: the badge would otherwise shrink when the list is wide.
    <Stack gap={2} align="flex-start" miw={64}>
      <Badge variant="light" color={PAYOUT_STATUS_COLORS[status]} size="sm">
        {t(`withdrawal.statuses.${status}`)}
      </Badge>
      {status === 'FAILED' && failureReason && (
        <Text size="xs" c="red.9" w={130} style={{ whiteSpace: 'normal' }}>
          {failureReason}
        </Text>
      )}
    </Stack>
  );
}

/** The payout's ledger transaction, opened in the transaction history (found by its id). */
function TransactionLink({ payout }: { payout: Payout }) {
  const { t } = useTranslation();
  return (
    <Anchor
      renderRoot={(props) => <AppLink {...props} to="/transaction" search={transactionSearchOf(payout)} />}
      size="sm"
      aria-label={t('withdrawal.list.openTransaction', { id: payout.transaction_id })}
    >
      {t('withdrawal.list.transaction', { id: payout.transaction_id })}
    </Anchor>
  );
}

/**
 * The payout's statement (支払明細書, PDF): an icon button (the list is as wide as a laptop's screen
 * already) named by its transfer day, also its tooltip.
 */
function StatementDownload({ merchantId, payout }: { merchantId: number; payout: Payout }) {
  const { t } = useTranslation();
  return (
    <PdfIconDownload
      ariaLabel={t('documents.payoutStatement.downloadLabel', { date: dayParts(payout.payout_date).date })}
      open={(signal) => openPayoutStatement(merchantId, payout.id, signal)}
      fallbackName={documentFallbackNames.payoutStatement(payout.id)}
    />
  );
}

/**
 * The columns of a payout list. The group's list adds the merchant and leaves out the ledger link
 * (the transaction history shows the selected merchant's wallet only) and the per-payout statement (the
 * group has one statement for the period); the merchant's own list gives each payout's statement.
 */
export function payoutColumns(
  t: TFunction,
  options: { merchant: boolean; transaction: boolean; statementOf?: number },
): Column<Payout>[] {
  const { statementOf } = options;
  return [
    ...(options.merchant
      ? [{ key: 'merchant', header: t('withdrawal.fields.merchant'), render: (row: Payout) => row.merchant_name }]
      : []),
    {
      key: 'period',
      header: t('withdrawal.fields.period'),
      render: (row) => <ClosingPeriodLines period={row} />,
    },
    {
      key: 'payout_date',
      header: t('withdrawal.fields.payoutDate'),
      render: (row) => <PayoutDay day={row.payout_date} />,
    },
    {
      key: 'status',
      mobile: 'primary',
      header: t('fields.status'),
      render: (row) => <PayoutStatusCell status={row.status} failureReason={row.failure_reason} />,
    },
    {
      key: 'gross',
      header: t('withdrawal.fields.gross'),
      align: 'right',
      render: (row) => <CoinAmount amount={row.gross_amount} coin={row.coin_name} />,
    },
    { key: 'fee', header: t('withdrawal.fields.fee'), align: 'right', render: (row) => formatCoin(row.fee) },
    {
      key: 'transfer_fee',
      header: t('withdrawal.fields.transferFee'),
      align: 'right',
      render: (row) => formatCoin(row.transfer_fee),
    },
    {
      key: 'net',
      mobile: 'primary',
      header: t('withdrawal.fields.net'),
      align: 'right',
      render: (row) => (
        <Text span size="sm" fw={600}>
          {formatCoin(row.net_amount)}
        </Text>
      ),
    },
    { key: 'account', header: t('withdrawal.fields.account'), render: (row) => <AccountText account={row.account} /> },
    ...(options.transaction
      ? [
          {
            key: 'transaction',
            header: t('withdrawal.fields.transaction'),
            render: (row: Payout) => <TransactionLink payout={row} />,
          },
        ]
      : []),
    ...(statementOf !== undefined
      ? [
          {
            key: 'statement',
            header: t('documents.payoutStatement.column'),
            render: (row: Payout) => <StatementDownload merchantId={statementOf} payout={row} />,
          },
        ]
      : []),
  ];
}
