import type { ReceiptBody } from '@coin/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './instance';

/*
 * The papers of issue 26 (PDF): the month's fee invoice (適格請求書), an issued document by its number, payout
 * statements and receipts. The open* calls hand back the streamed answer for useFileDownload to save.
 */

export const documentKeys = {
  all: ['documents'] as const,
  feeInvoices: (merchantId: number, target: string) =>
    [...documentKeys.all, merchantId, 'feeInvoices', target] as const,
};

/** GET /merchants/{id}/fee_invoices: the invoices issued for the twelve months up to `target` (YYYYMM). */
export const listFeeInvoices = (merchantId: number, target: string, signal?: AbortSignal) =>
  api.call('listFeeInvoices', { params: { id: merchantId }, query: { target }, signal });

export const documentQueries = {
  feeInvoices: (merchantId: number, target: string) =>
    queryOptions({
      queryKey: documentKeys.feeInvoices(merchantId, target),
      queryFn: ({ signal }) => listFeeInvoices(merchantId, target, signal),
    }),
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/**
 * GET /merchants/{id}/fee_invoices/{month}: the month's invoice, issued on the first request (a corrected
 * one when its fees changed since), so the list of issued invoices is read again after it.
 */
export const openFeeInvoice = (merchantId: number, month: string, signal?: AbortSignal) =>
  api.open('downloadFeeInvoice', { params: { id: merchantId, month }, ...withSignal(signal) });

/** GET /merchants/{id}/documents/{number}: an issued document as it was issued (an invoice a later one corrects). */
export const openDocument = (merchantId: number, number: string, signal?: AbortSignal) =>
  api.open('downloadDocument', { params: { id: merchantId, number }, ...withSignal(signal) });

/** GET /merchants/{id}/payouts/{payout_id}/statement: one payout's statement (支払明細書). */
export const openPayoutStatement = (merchantId: number, payoutId: number, signal?: AbortSignal) =>
  api.open('downloadPayoutStatement', { params: { id: merchantId, payout_id: payoutId }, ...withSignal(signal) });

/** GET /merchants/{id}/group_payouts/statement: a group parent's statement of its merchants' payouts in the period. */
export const openGroupPayoutStatement = (
  merchantId: number,
  period: { start_date: string; end_date: string },
  signal?: AbortSignal,
) => api.open('downloadGroupPayoutStatement', { params: { id: merchantId }, query: period, ...withSignal(signal) });

/**
 * POST /merchants/{id}/transactions/{transaction_id}/receipt: issues a numbered receipt (領収書) for a payment
 * and answers its PDF; a second and later one for the same payment is marked 再発行.
 */
export const openReceipt = (merchantId: number, transactionId: number, body: ReceiptBody, signal?: AbortSignal) =>
  api.open('issueReceipt', { params: { id: merchantId, transaction_id: transactionId }, body, ...withSignal(signal) });

/** What a file is called when the server gives no name (it normally does: Content-Disposition). */
export const documentFallbackNames = {
  feeInvoice: (month: string) => `fee_invoice_${month}.pdf`,
  document: (number: string) => `${number}.pdf`,
  payoutStatement: (payoutId: number) => `payout_statement_${payoutId}.pdf`,
  groupPayoutStatement: (period: { start_date: string; end_date: string }) =>
    `group_payout_statement_${period.start_date.replaceAll('-', '')}-${period.end_date.replaceAll('-', '')}.pdf`,
  receipt: (transactionId: number) => `receipt_${transactionId}.pdf`,
};
