import { type History, TRANSACTION_TYPE_LABELS } from '@coin/contract';
import { copyField } from '../db/copyOut';
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

const TAB = 0x09;
const BACKSLASH = 0x5c;
const LETTER_N = 0x4e;
const MINUS = 0x2d;
const DIGIT_0 = 0x30;

/** The columns of orderedRows, in its order, as a COPY of it writes them. */
const COPIED_COLUMNS = 12;
const Column = {
  TransactionId: 1,
  CursorAt: 2,
  Type: 3,
  Related: 4,
  CoinName: 6,
  Amount: 7,
  Balance: 8,
  CounterpartyWalletNo: 9,
  CounterpartyMerchant: 10,
  Comment: 11,
} as const;
type Column = (typeof Column)[keyof typeof Column];

/** Where each field of the row being read starts and ends (one row at a time, on any thread: reused). */
const fieldStarts = new Int32Array(COPIED_COLUMNS);
const fieldEnds = new Int32Array(COPIED_COLUMNS);

function split(bytes: Buffer, start: number, end: number): void {
  let field = 0;
  fieldStarts[0] = start;
  for (let at = start; at < end; at++) {
    if (bytes[at] !== TAB) continue;
    if (field === COPIED_COLUMNS - 1) throw new Error(`a history row of COPY output has ${COPIED_COLUMNS} fields`);
    fieldEnds[field] = at;
    field += 1;
    fieldStarts[field] = at + 1;
  }
  if (field !== COPIED_COLUMNS - 1) throw new Error(`a history row of COPY output has ${COPIED_COLUMNS} fields`);
  fieldEnds[field] = end;
}

const isNull = (bytes: Buffer, field: Column): boolean =>
  (fieldEnds[field] as number) - (fieldStarts[field] as number) === 2 &&
  bytes[fieldStarts[field] as number] === BACKSLASH &&
  bytes[(fieldStarts[field] as number) + 1] === LETTER_N;

/** An integer field's digits (an optional minus first) as a number, or null for NULL. */
function integer(bytes: Buffer, field: Column): number | null {
  if (isNull(bytes, field)) return null;
  const end = fieldEnds[field] as number;
  let at = fieldStarts[field] as number;
  const negative = bytes[at] === MINUS;
  if (negative) at += 1;
  if (at === end) throw new Error('an integer field of COPY output is empty');
  let value = 0;
  for (; at < end; at++) {
    const digit = (bytes[at] as number) - DIGIT_0;
    if (digit < 0 || digit > 9) throw new Error('an integer field of COPY output holds a non-digit');
    value = value * 10 + digit;
  }
  return negative ? -value : value;
}

/** `count` decimal digits from `at`. */
function digits(bytes: Buffer, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) value = value * 10 + (bytes[i] as number) - DIGIT_0;
  return value;
}

/**
 * The exact cursor text (`YYYY-MM-DDTHH:MI:SS.ffffffZ`, keyset.ts's exactInstant) as its instant, to the
 * millisecond as the driver's Date truncates it; any other form through Date.parse.
 */
function instant(bytes: Buffer, field: Column): Date {
  const at = fieldStarts[field] as number;
  const end = fieldEnds[field] as number;
  const year = digits(bytes, at, 4);
  if (
    end - at === 27 &&
    year >= 1000 &&
    bytes[at + 10] === 0x54 &&
    bytes[at + 19] === 0x2e &&
    bytes[end - 1] === 0x5a
  ) {
    return new Date(
      Date.UTC(
        year,
        digits(bytes, at + 5, 2) - 1,
        digits(bytes, at + 8, 2),
        digits(bytes, at + 11, 2),
        digits(bytes, at + 14, 2),
        digits(bytes, at + 17, 2),
        digits(bytes, at + 20, 3),
      ),
    );
  }
  return new Date(Date.parse(bytes.toString('latin1', at, end)));
}

/** Fields up to this many bytes are remembered by their bytes (types, coin and merchant names, wallet numbers). */
const REMEMBERED_FIELD_BYTES = 64;
const REMEMBERED_FIELDS = 4096;

/** A remembered field: its bytes and its text. */
interface Remembered {
  bytes: Uint8Array;
  text: string | null;
}

/**
 * The texts of short fields met before, by a hash of their bytes (FNV-1a) and then the bytes themselves: a
 * type, a coin name and a counterparty repeat on most rows, and are then neither decoded nor made again
 * (a worker's batch of 10,000 rows written in 1.2 instead of 3.0 ms per 1,000; the writer's remembered cells
 * then find the same string).
 * Two fields whose hashes collide are both decoded, the second every time.
 */
const remembered = new Map<number, Remembered>();

function sameBytes(bytes: Buffer, start: number, end: number, known: Uint8Array): boolean {
  if (known.length !== end - start) return false;
  for (let i = 0; i < known.length; i++) if (known[i] !== bytes[start + i]) return false;
  return true;
}

/** A text field as its text (copyField: COPY's escapes read), or null for NULL. */
function text(bytes: Buffer, field: Column): string | null {
  if (isNull(bytes, field)) return null;
  return copyField(bytes.toString('utf8', fieldStarts[field], fieldEnds[field]));
}

/** text() of a field that repeats (a type, a coin or merchant name; not a comment), remembered. */
function repeatedText(bytes: Buffer, field: Column): string | null {
  const start = fieldStarts[field] as number;
  const end = fieldEnds[field] as number;
  if (end - start > REMEMBERED_FIELD_BYTES || isNull(bytes, field)) return text(bytes, field);
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ (bytes[i] as number), 0x01000193);
  const known = remembered.get(hash);
  if (known && sameBytes(bytes, start, end, known.bytes)) return known.text;
  const decoded = text(bytes, field);
  if (!known) {
    if (remembered.size >= REMEMBERED_FIELDS) remembered.clear();
    remembered.set(hash, { bytes: new Uint8Array(bytes.subarray(start, end)), text: decoded });
  }
  return decoded;
}

/**
 * The cells of a history CSV file of that kind from one row of a COPY of orderedRows (its bytes, without
 * the newline), read where they lie: the numbers and the instant from their digits, only the text cells
 * decoded (a repeated one once: repeatedText), and the counterparty's wallet number only when it shows. No string of the row or of its other
 * fields is made: a 1,000,000-row export made ~0.9 KB of garbage a row decoding rows into strings and
 * objects, and what a young-generation collection finds alive (a batch's rows) makes V8 grow it.
 */
export function copiedHistoryCells(bytes: Buffer, start: number, end: number, kind: HistoryCsvKind): HistoryCell[] {
  split(bytes, start, end);
  const type = repeatedText(bytes, Column.Type) as TransactionType;
  const merchant = repeatedText(bytes, Column.CounterpartyMerchant);
  const cells: HistoryCell[] = [
    integer(bytes, Column.TransactionId),
    instant(bytes, Column.CursorAt),
    TRANSACTION_TYPE_LABELS[type],
    repeatedText(bytes, Column.CoinName),
    integer(bytes, Column.Amount),
    integer(bytes, Column.Balance),
    merchant ?? counterpartyLabel(repeatedText(bytes, Column.CounterpartyWalletNo), null),
    text(bytes, Column.Comment),
  ];
  if (kind === 'cashcancel') cells.push(type === 'CASH_CANCEL' ? integer(bytes, Column.Related) : null);
  return cells;
}
