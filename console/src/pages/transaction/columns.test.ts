import { HISTORY_COLUMN_LABELS, HISTORY_CSV_HEADER, TRANSACTION_TYPE_LABELS, TRANSACTION_TYPES } from '@coin/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPageStrings, t } from '@/i18n';
import { historyColumns, transactionTypeLabel } from './columns';

beforeAll(() => loadPageStrings());

describe('the transaction list and its CSV', () => {
  it('head their columns with the same words, in the same order', () => {
    const screen = historyColumns(t).map((column) => column.header);
    expect(screen).toEqual(HISTORY_CSV_HEADER.filter((name) => name !== HISTORY_COLUMN_LABELS.transactionId));
  });

  it('on a phone show time and amount, then type and counterparty, and leave the rest to the drawer', () => {
    const places = Object.fromEntries(historyColumns(t).map((column) => [column.key, column.phone]));
    expect(places).toEqual({
      created_at: 'primary',
      amount: 'primary',
      type: 'secondary',
      counterparty: 'secondary',
      coin: 'hidden',
      balance: 'hidden',
      comment: 'hidden',
    });
    expect(historyColumns(t).find((column) => column.key === 'amount')?.align).toBe('right');
  });

  it('name each transaction type as the CSV does, a payment received as 売上', () => {
    for (const type of TRANSACTION_TYPES) expect(transactionTypeLabel(t, type)).toBe(TRANSACTION_TYPE_LABELS[type]);
    expect(transactionTypeLabel(t, 'PAYMENT')).toBe('売上');
  });
});
