import { type History, TRANSACTION_TYPE_LABELS } from '@coin/contract';
import { copyRecords } from '../db/copyOut';
import type { TransactionType } from '../db/schema';
import { SYSTEM_WALLETS } from './ledger';

/**
 * A history row as lists and CSV files show it, from the columns of one entry (histories.ts's
 * orderedRows) — without the database, so that a worker thread can build rows and CSV cells from a COPY
 * text (http/csvWorker.ts).
 */

/** How the service's own wallets appear as a counterparty. */
const SYSTEM_WALLET_LABELS = new Map<string, string>([
  [SYSTEM_WALLETS.issuer, 'コイン発行元'],
  [SYSTEM_WALLETS.fees, '手数料'],
  [SYSTEM_WALLETS.payouts, '銀行振込'],
]);

/** How an entry's counterparty reads: the merchant's name, the service wallet's label, or the wallet number. */
export function counterpartyLabel(walletNo: string | null, merchantName: string | null): string | null {
  if (merchantName !== null) return merchantName;
  return walletNo ? (SYSTEM_WALLET_LABELS.get(walletNo) ?? walletNo) : null;
}

/** The position of a row in the newest-first order, for keyset batches. */
export interface HistoryCursor {
  /** The entry's created_at, to the microsecond, as text PostgreSQL reads back exactly. */
  at: string;
  id: number;
}

export interface HistoryRow extends History {
  canceled_transaction_id: number | null;
  /** What is left to refund of a payment into the wallet (pages that ask for it); null otherwise. */
  refundable_remaining: number | null;
  cursor: HistoryCursor;
}

/** The columns orderedRows selects for an entry, as the driver reads them. */
export interface ShownEntry {
  id: number;
  transaction_id: number;
  cursor_at: string;
  type: TransactionType;
  related_transaction_id: number | null;
  coin_id: number;
  coin_name: string;
  amount: number;
  balance_after: number;
  counterparty_wallet_no: string | null;
  counterparty_merchant: string | null;
  comment: string | null;
}

/**
 * A row as lists and CSV files show it. Without the driver's Date, the millisecond ISO text is cut from the
 * exact text (`…SS.ffffffZ` → `…SS.fffZ`), as the driver's Date truncates it.
 */
export function toRow(row: ShownEntry & { created_at?: Date; refundable_remaining?: string | null }): HistoryRow {
  return {
    transaction_id: row.transaction_id,
    created_at: row.created_at ? row.created_at.toISOString() : `${row.cursor_at.slice(0, 23)}Z`,
    type: row.type,
    coin_id: row.coin_id,
    coin_name: row.coin_name,
    amount: row.amount,
    balance: row.balance_after,
    counterparty: counterpartyLabel(row.counterparty_wallet_no, row.counterparty_merchant),
    comment: row.comment,
    canceled_transaction_id: row.type === 'CASH_CANCEL' ? row.related_transaction_id : null,
    refundable_remaining:
      row.refundable_remaining === null || row.refundable_remaining === undefined
        ? null
        : Number(row.refundable_remaining),
    cursor: { at: row.cursor_at, id: row.id },
  };
}

/**
 * A COPY text row of orderedRows (its columns, in its order) in the shape the driver gives a page's row,
 * then as any row (toRow).
 */
export function copiedRow([
  id,
  transactionId,
  cursorAt,
  type,
  related,
  coinId,
  coinName,
  amount,
  balance,
  walletNo,
  merchant,
  comment,
]: (string | null)[]): HistoryRow {
  return toRow({
    id: Number(id),
    transaction_id: Number(transactionId),
    cursor_at: cursorAt as string,
    type: type as TransactionType,
    related_transaction_id: related === null || related === undefined ? null : Number(related),
    coin_id: Number(coinId),
    coin_name: coinName as string,
    amount: Number(amount),
    balance_after: Number(balance),
    counterparty_wallet_no: walletNo ?? null,
    counterparty_merchant: merchant ?? null,
    comment: comment ?? null,
  });
}

/** Every row of a COPY text of orderedRows. */
export const copiedHistoryRows = (text: string): HistoryRow[] => copyRecords(text).map(copiedRow);

const utf8 = new TextDecoder();
const NEWLINE = 0x0a;

/**
 * The cursor of the last row of a COPY output of orderedRows (its id and exact instant come first), and how
 * many rows it holds, read from its bytes without decoding the others.
 */
export function lastCopiedCursor(bytes: Uint8Array): { rows: number; last: HistoryCursor | null } {
  let rows = 0;
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) rows += 1;
  if (rows === 0) return { rows, last: null };
  const start = bytes.lastIndexOf(NEWLINE, bytes.length - 2) + 1;
  const [id, , at] = utf8.decode(bytes.subarray(start, bytes.length - 1)).split('\t', 3);
  return { rows, last: { at: at as string, id: Number(id) } };
}

/** Which history a CSV file holds: every entry, the cash cancels (with what each cancelled), or the commented ones. */
export type HistoryCsvKind = 'histories' | 'cashcancel' | 'comments';

/** A cell of a history file (reports.ts's ReportValue: a Date is written as the Tokyo date-time). */
export type HistoryCell = string | number | Date | null;

/** The cells of a history row in a CSV file of that kind. */
export function historyCells(row: HistoryRow, kind: HistoryCsvKind): HistoryCell[] {
  const cells: HistoryCell[] = [
    row.transaction_id,
    new Date(row.created_at),
    TRANSACTION_TYPE_LABELS[row.type],
    row.coin_name,
    row.amount,
    row.balance,
    row.counterparty,
    row.comment,
  ];
  if (kind === 'cashcancel') cells.push(row.canceled_transaction_id);
  return cells;
}
