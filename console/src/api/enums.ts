import type { CsvReport, History, RefundApplication } from '@coin/contract';

// The contract's value lists live beside their zod schemas; importing them would bring zod into the
// page chunks. These copies are checked against the contract's by enums.test.ts.

export const TRANSACTION_TYPES = [
  'PAYMENT',
  'RELOAD',
  'REFUND',
  'TRANSFER',
  'REBATE',
  'WITHDRAWAL',
  'FEE',
  'CASH_CANCEL',
] as const satisfies readonly History['type'][];
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const REFUND_APPLICATION_STATUSES = [
  'REQUESTED',
  'APPROVED',
  'CANCELED',
] as const satisfies readonly RefundApplication['status'][];
export type RefundApplicationStatus = (typeof REFUND_APPLICATION_STATUSES)[number];

export const CSV_REPORTS = [
  'histories',
  'cashcancel',
  'comments',
  'tx_fees',
  'refund_applications',
  'refund_fees',
] as const satisfies readonly CsvReport[];

export const CSV_ENCODINGS = ['cp932', 'utf8'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];
