import { TRANSACTION_TYPE_LABELS } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { copiedRows } from '../db/copyOut';
import { copiedHistoryCells, type HistoryCsvKind } from './historyRows';
import { SYSTEM_WALLETS } from './ledger';

/**
 * A history CSV row's cells read from the bytes of a COPY of orderedRows (id, transaction id, exact
 * instant, type, related transaction, coin id, coin name, amount, balance, counterparty wallet, its
 * merchant, comment). The download tests compare whole files with the list's pages; these pin each field.
 */

const row = (...fields: string[]) => `${fields.join('\t')}\n`;
const cellsOf = (text: string, kind: HistoryCsvKind = 'histories') =>
  copiedRows(Buffer.from(text, 'utf8'), (bytes, start, end) => copiedHistoryCells(bytes, start, end, kind));

const PAYMENT = row(
  '41',
  '7',
  '2026-02-28T15:04:05.678901Z',
  'PAYMENT',
  '\\N',
  '1',
  'めぶくコイン',
  '1500',
  '-20',
  '1100000002',
  '本店',
  'タブ\\tと改行\\nと\\\\',
);
const CANCEL = row(
  '42',
  '8',
  '2026-02-28T15:04:05.000000Z',
  'CASH_CANCEL',
  '7',
  '1',
  'めぶくコイン',
  '-1500',
  '0',
  SYSTEM_WALLETS.issuer,
  '\\N',
  '\\N',
);

/** A transfer row with its coin name, counterparty merchant and comment as COPY writes them. */
const named = (coin: string, merchant: string, comment: string) =>
  row('1', '2', '2026-01-01T00:00:00.000000Z', 'TRANSFER', '\\N', '1', coin, '1', '1', '1100000002', merchant, comment);

describe('copiedHistoryCells', () => {
  it('reads numbers, the instant to the millisecond, labels and text with its escapes', () => {
    expect(cellsOf(PAYMENT + CANCEL)).toEqual([
      [
        7,
        new Date('2026-02-28T15:04:05.678Z'),
        TRANSACTION_TYPE_LABELS.PAYMENT,
        'めぶくコイン',
        1500,
        -20,
        '本店',
        'タブ\tと改行\nと\\',
      ],
      [
        8,
        new Date('2026-02-28T15:04:05.000Z'),
        TRANSACTION_TYPE_LABELS.CASH_CANCEL,
        'めぶくコイン',
        -1500,
        0,
        'コイン発行元',
        null,
      ],
    ]);
  });

  it('adds the cancelled transaction to a cash-cancel file, only for a cash cancel', () => {
    expect(cellsOf(PAYMENT + CANCEL, 'cashcancel').map((cells) => cells[8])).toEqual([null, 7]);
    expect(cellsOf(PAYMENT, 'comments')[0]).toHaveLength(8);
  });

  it("names a counterparty by its merchant, the service's label, its wallet number, or not at all", () => {
    const counterparty = (walletNo: string, merchant: string) =>
      cellsOf(
        row('1', '2', '2026-01-01T00:00:00.000000Z', 'TRANSFER', '\\N', '1', 'c', '1', '1', walletNo, merchant, '\\N'),
      )[0]?.[6];
    expect(counterparty('1100000002', '本店')).toBe('本店');
    expect(counterparty(SYSTEM_WALLETS.fees, '\\N')).toBe('手数料');
    expect(counterparty('1100000099', '\\N')).toBe('1100000099');
    expect(counterparty('\\N', '\\N')).toBeNull();
  });

  it('reads repeated names as the same text every time, and different names apart', () => {
    const coins = ['めぶくコイン', 'めぶくコイン2', 'a\\tb', 'x'.repeat(70), 'めぶくコイン'];
    const text = [...coins, ...coins].map((coin, i) => named(coin, `店${i % 3}`, '\\N')).join('');
    const cells = cellsOf(text);
    expect(cells.map((c) => c[3])).toEqual([...coins, ...coins].map((coin) => (coin === 'a\\tb' ? 'a\tb' : coin)));
    expect(cells.map((c) => c[6])).toEqual(cells.map((_, i) => `店${i % 3}`));
  });

  it('reads an instant in another form, or before the year 1000, through Date.parse', () => {
    const at = (instant: string) =>
      cellsOf(row('1', '2', instant, 'CHARGE', '\\N', '1', 'c', '1', '1', '\\N', '\\N', '\\N'))[0]?.[1];
    expect(at('2026-01-01 09:00:00+09')).toEqual(new Date('2026-01-01T00:00:00.000Z'));
    expect(at('0050-06-01T00:00:00.123456Z')).toEqual(new Date('0050-06-01T00:00:00.123Z'));
    expect(at('0999-12-31T23:59:59.999999Z')).toEqual(new Date('0999-12-31T23:59:59.999Z'));
  });

  it('keeps a literal backslash-N as text, an empty name as empty, and two names of one hash apart', () => {
    const [first] = cellsOf(named('c', '', '\\\\N'));
    expect(first?.[6]).toBe('');
    expect(first?.[7]).toBe('\\N');
    // 'glbvs' and 'yacxa' have the same FNV-1a hash: the second is decoded every time, never taken for the first.
    const coins = ['glbvs', 'yacxa', 'glbvs', 'yacxa'];
    expect(cellsOf(coins.map((coin) => named(coin, '本店', '\\N')).join('')).map((cells) => cells[3])).toEqual(coins);
  });

  it('refuses a row with too few or too many fields, or a number that is not one', () => {
    expect(() => cellsOf('not a history row\n')).toThrow('12 fields');
    expect(() => cellsOf(PAYMENT.replace('\n', '\textra\n'))).toThrow('12 fields');
    expect(() => cellsOf(PAYMENT.replace('1500', '15x0'))).toThrow('non-digit');
    expect(() => cellsOf(PAYMENT.replace('\t-20\t', '\t-\t'))).toThrow('empty');
  });
});
