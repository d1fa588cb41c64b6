import type { History, TransactionType } from '@coin/contract';
import { Text } from '@mantine/core';
import type { Column } from '@/components/ListTable';
import { formatCoin, formatDateTime } from '@/format';
import type { TFunction } from '@/i18n';

/** Signed with thousands separators: +1,200 / −300. */
export function formatSignedAmount(amount: number): string {
  if (amount > 0) return `+${formatCoin(amount)}`;
  if (amount < 0) return `−${formatCoin(-amount)}`;
  return formatCoin(0);
}

/** A signed amount as the lists show it: −300 in red. */
export function SignedAmount({ amount }: { amount: number }) {
  return (
    <Text span inherit c={amount < 0 ? 'red.9' : undefined} fw={500}>
      {formatSignedAmount(amount)}
    </Text>
  );
}

export const transactionTypeLabel = (t: TFunction, type: TransactionType) => t(`transactionTypes.${type}`);

/**
 * The history table's columns: date-time, type, coin, amount (signed), balance after, counterparty, comment.
 * On a phone a row is two lines, time and amount, then type and counterparty; the drawer shows the rest.
 */
export function historyColumns<T extends History>(t: TFunction): Column<T>[] {
  return [
    {
      key: 'created_at',
      phone: 'primary',
      header: t('fields.dateTime'),
      render: (row) => formatDateTime(row.created_at),
    },
    { key: 'type', phone: 'secondary', header: t('fields.type'), render: (row) => transactionTypeLabel(t, row.type) },
    { key: 'coin', phone: 'hidden', header: t('fields.coin'), render: (row) => row.coin_name },
    {
      key: 'amount',
      phone: 'primary',
      header: t('fields.amount'),
      align: 'right',
      render: (row) => <SignedAmount amount={row.amount} />,
    },
    {
      key: 'balance',
      phone: 'hidden',
      header: t('fields.balanceAfter'),
      align: 'right',
      render: (row) => formatCoin(row.balance),
    },
    {
      key: 'counterparty',
      phone: 'secondary',
      header: t('fields.counterparty'),
      render: (row) => row.counterparty ?? '—',
    },
    {
      key: 'comment',
      phone: 'hidden',
      header: t('fields.comment'),
      render: (row) => (
        <Text span inherit maw={240} truncate="end" display="block" title={row.comment ?? undefined}>
          {row.comment ?? ''}
        </Text>
      ),
    },
  ];
}
